import { ValidateBy, type ValidationOptions } from 'class-validator';

/** A decimal number as text, with a dot or a comma as the decimal separator. */
const DECIMAL_TEXT = /^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/;

/** Ratios are kept to 5 decimals. Past 1e15 a double has no fraction digits left to round. */
const SCALE = 1e5;
const roundRatio = (ratio: number): number => (Math.abs(ratio) >= 1e15 ? ratio : Math.round(ratio * SCALE) / SCALE);

/**
 * Reads a ratio sent as a number or as decimal text ("0,8515706" too), rounded to 5 decimals; empty
 * text is no value. Anything else stays as sent for the number rule to refuse.
 */
export const ratioValue = ({ value }: { value: unknown }): unknown => {
  if (typeof value === 'number') return Number.isFinite(value) ? roundRatio(value) : value;
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return null;
  return DECIMAL_TEXT.test(text) ? roundRatio(Number(text.replace(',', '.'))) : value;
};

export function IsFiniteNumber(options: ValidationOptions): PropertyDecorator {
  return ValidateBy({ name: 'isFiniteNumber', validator: { validate: (value: unknown) => typeof value === 'number' && Number.isFinite(value) } }, options);
}

export function IsPositive(options: ValidationOptions): PropertyDecorator {
  return ValidateBy({ name: 'isPositive', validator: { validate: (value: unknown) => typeof value !== 'number' || value > 0 } }, options);
}
