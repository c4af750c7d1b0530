/** A decimal as a number or a text (`"0.23"`, `"0,23"`: a comma decimal separator is read as a point). */
const DECIMAL_TEXT = /^\s*-?\d+(?:[.,]\d+)?\s*$/;

/** Reads a decimal number from a number or a decimal text; anything else stays as sent for the type check to report. */
export const decimalInput = ({ value }: { value: unknown }): unknown => {
  if (typeof value === 'string' && DECIMAL_TEXT.test(value)) return Number(value.trim().replace(',', '.'));
  return value;
};

/** Rounded to `places` decimals, as a numeric column of that scale stores it. */
export const roundedTo = (value: number, places: number): number => {
  const factor = 10 ** places;
  return Math.round(value * factor) / factor;
};
