/** The largest amount, in minor units, a price column (a PostgreSQL integer) holds. */
export const MAX_MINOR_UNITS = 2_147_483_647;

/** MAX_MINOR_UNITS written in major units, as the messages show it. */
export const MAX_MAJOR_UNITS_TEXT = '21474836.47';

/**
 * An amount sent in major units, read into minor units: the amount, or why it cannot be one (`invalid`:
 * not a decimal number, or more than two decimal places; `tooLarge`: more than a price column holds).
 * A negative amount is read as it is, for the caller's lower bound to refuse.
 */
export type MinorUnitsReading = { minor: number } | { problem: 'invalid' | 'tooLarge' };

/** A decimal as a form takes it: digits, an optional point with digits after it, optionally negative. */
const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** Digits of the whole part past which the amount exceeds any price column, however the rest reads. */
const WHOLE_DIGITS = 10;

/** A JSON number in decimal notation; JavaScript writes the very large and the very small with an exponent. */
function numberText(value: number): string | MinorUnitsReading {
  const text = String(value);
  if (!/e/i.test(text)) return text;
  // Below 1e-6 (and not zero, which has no exponent) there are more than two decimals; from 1e21 up it is too large.
  return Math.abs(value) >= 1 ? { problem: 'tooLarge' } : { problem: 'invalid' };
}

/**
 * Reads an amount in major units (a JSON number, or its text as forms send it: `"12.34"`) into minor
 * units exactly: the decimal digits are taken as written, never through floating-point arithmetic, so
 * `"12.34"` and `12.34` are 1234, `"1243"` is 124300, and trailing zeros past the second decimal
 * (`"12.340"`) change nothing. A JSON number is read from its shortest decimal form, the one it was
 * written in.
 */
export function minorUnitsOf(value: unknown): MinorUnitsReading {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return { problem: 'invalid' };
    const written = numberText(value);
    if (typeof written !== 'string') return written;
    text = written;
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    return { problem: 'invalid' };
  }
  const match = DECIMAL.exec(text);
  if (match === null) return { problem: 'invalid' };
  const [, sign, wholeDigits, fraction = ''] = match;
  if (/[^0]/.test(fraction.slice(2))) return { problem: 'invalid' };
  const whole = wholeDigits.replace(/^0+(?=\d)/, '');
  const negative = sign === '-';
  if (whole.length > WHOLE_DIGITS) return negative ? { minor: -MAX_MINOR_UNITS } : { problem: 'tooLarge' };
  const magnitude = Number(whole) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
  if (negative) return { minor: magnitude === 0 ? 0 : -Math.min(magnitude, MAX_MINOR_UNITS) };
  return magnitude > MAX_MINOR_UNITS ? { problem: 'tooLarge' } : { minor: magnitude };
}
