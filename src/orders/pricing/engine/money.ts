/**
 * Integer-money primitives that reproduce PHP 7 arithmetic exactly.
 *
 * PHP's round() first reduces its argument to 15 significant digits, which absorbs float noise such as
 * 28.499999999999996 (→ 28.5) before the half rule is applied.
 */

const PHP_ROUND_PRECISION = 15;
const PHP_FLOAT_TO_STRING_PRECISION = 14;

function withoutNegativeZero(value: number): number {
  return value === 0 ? 0 : value;
}

/**
 * Reduces the value to 15 significant digits. That moves it by at most 5e-15 of its magnitude, which can
 * only change the rounded result when the value sits that close to a .5 boundary; everywhere else the
 * (slow, string-based) reduction is skipped.
 */
function preRound(value: number): number {
  const magnitude = Math.abs(value);
  const distanceToHalf = Math.abs(magnitude - Math.floor(magnitude) - 0.5);
  if (distanceToHalf > magnitude * 1e-14) {
    return value;
  }
  return Number(value.toPrecision(PHP_ROUND_PRECISION));
}

/** PHP round(x) with the default HALF_UP mode: halves go away from zero. */
export function phpRound(value: number): number {
  const p = preRound(value);
  return withoutNegativeZero(Math.sign(p) * Math.floor(Math.abs(p) + 0.5));
}

/** PHP round(x, 0, PHP_ROUND_HALF_DOWN): halves go toward zero. */
export function roundHalfDown(value: number): number {
  const p = preRound(value);
  return withoutNegativeZero(Math.sign(p) * Math.ceil(Math.abs(p) - 0.5));
}

/** PHP (int) cast: truncation toward zero. */
export function truncate(value: number): number {
  return withoutNegativeZero(Math.trunc(value));
}

/** Negates an amount without ever producing -0. */
export function negate(value: number): number {
  return withoutNegativeZero(-value);
}

/**
 * Splits `amount` into `targets` integer shares that differ by at most one; the larger shares come first.
 */
export function integerDistribute(amount: number, targets: number): number[] {
  if (!Number.isInteger(targets) || targets < 1) {
    throw new RangeError('Number of targets must be bigger than 0.');
  }
  const sign = amount < 0 ? -1 : 1;
  const absolute = Math.abs(amount);
  const low = Math.trunc(absolute / targets);
  const remainder = absolute % targets;

  const shares = new Array<number>(targets);
  for (let i = 0; i < targets; i++) {
    shares[i] = withoutNegativeZero(sign * (i < remainder ? low + 1 : low));
  }
  return shares;
}

/**
 * Splits `amount` proportionally to integer `weights`. Each share is rounded half toward zero and the
 * rounding leftover is corrected one unit at a time on the first elements, whatever their weight.
 */
export function proportionalIntegerDistribute(weights: readonly number[], amount: number): number[] {
  if (!weights.every((weight) => Number.isInteger(weight))) {
    throw new RangeError('All weights must be integers.');
  }
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (total === 0) {
    throw new RangeError('The weights must not sum to 0.');
  }

  const shares = weights.map((weight) => truncate(roundHalfDown((weight * amount) / total)));
  const missing = amount - shares.reduce((sum, share) => sum + share, 0);
  const step = missing >= 0 ? 1 : -1;
  for (let i = 0; i < Math.abs(missing) && i < shares.length; i++) {
    shares[i] = withoutNegativeZero(shares[i] + step);
  }
  return shares;
}

/**
 * PHP's float-to-string conversion (precision 14, "%.14G"): no trailing zeros, scientific notation with an
 * explicit ".0" mantissa and signed exponent outside [1e-4, 1e14).
 */
export function phpFloatToString(value: number): string {
  if (!Number.isFinite(value)) {
    return Number.isNaN(value) ? 'NAN' : value > 0 ? 'INF' : '-INF';
  }
  if (value === 0) {
    return Object.is(value, -0) ? '-0' : '0';
  }
  const [mantissa, exponentText] = value.toExponential(PHP_FLOAT_TO_STRING_PRECISION - 1).split('e');
  const exponent = Number(exponentText);
  if (exponent < -4 || exponent >= PHP_FLOAT_TO_STRING_PRECISION) {
    const trimmed = String(Number(mantissa));
    const withPoint = trimmed.includes('.') ? trimmed : `${trimmed}.0`;
    return `${withPoint}E${exponent < 0 ? '-' : '+'}${Math.abs(exponent)}`;
  }
  return String(Number(value.toPrecision(PHP_FLOAT_TO_STRING_PRECISION)));
}

/** Label of a tax adjustment: the rate name followed by the rate as a percentage, e.g. "VAT (23%)". */
export function formatTaxRateLabel(name: string, rate: number): string {
  return `${name} (${phpFloatToString(rate * 100)}%)`;
}
