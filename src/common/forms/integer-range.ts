import { IsInt, Max, Min, ValidateBy } from 'class-validator';
import { NOT_VALID } from './messages';

/**
 * The largest value the API takes for each integer column type. A bigint holds up to 2^63 − 1, but JSON
 * consumers read numbers as doubles, which tell integers apart only up to 2^53 − 1 (a larger value is
 * not even the same number once parsed here), so that is the API's bound for a bigint.
 */
const COLUMN_MAXIMUM = { integer: 2_147_483_647, bigint: Number.MAX_SAFE_INTEGER } as const;

export type IntegerColumnType = keyof typeof COLUMN_MAXIMUM;

/** The integers a field takes, as the OpenAPI document states them (`minimum`, `maximum`). */
export interface IntegerRange {
  readonly minimum: number;
  readonly maximum: number;
}

/**
 * The range of a field whose integer is stored in, or compared with, a column of this type: from `min`
 * to `max`, a bound of the field's own, or, without one, the largest value the column type takes.
 */
export function integerRange(column: IntegerColumnType, bounds: { min: number; max?: number }): IntegerRange {
  const largest = COLUMN_MAXIMUM[column];
  const maximum = bounds.max ?? largest;
  if (maximum > largest || bounds.min < -largest || bounds.min > maximum) throw new Error(`${bounds.min}..${maximum} is not a range of ${column} values`);
  return { minimum: bounds.min, maximum };
}

export interface IntegerMessages {
  /** Not an integer (a text, a fraction, a boolean…): `This value is not valid.` unless given. */
  notInteger?: string;
  tooLow: string;
  tooHigh: string;
}

/**
 * A JSON number in the range: an integer, at least its minimum, at most its maximum, checked in this
 * order (the first failure is the one reported). These are class-validator's own rules, so the OpenAPI
 * request schema states the bounds (request-schema.ts). A number too large to be an integer of the
 * column type (1e21, 2^63) is too high here, never handed on to the database.
 */
export function IsIntegerIn(range: IntegerRange, messages: IntegerMessages): PropertyDecorator {
  return (target, key) => {
    IsInt({ message: messages.notInteger ?? NOT_VALID })(target, key);
    Min(range.minimum, { message: messages.tooLow })(target, key);
    Max(range.maximum, { message: messages.tooHigh })(target, key);
  };
}

/** An integer as a query writes it: in its one spelling (no plus, no leading zero, no spaces, no exponent). */
const INTEGER_TEXT = /^(0|-?[1-9]\d*)$/;

/** The message for a query value against the range, or null when it is in it. */
function integerTextProblem(range: IntegerRange, messages: IntegerMessages, value: unknown): string | null {
  if (typeof value !== 'string' || !INTEGER_TEXT.test(value)) return messages.notInteger ?? NOT_VALID;
  // A long run of digits reads as a large number or Infinity, which is too high all the same.
  const number = Number(value);
  if (number < range.minimum) return messages.tooLow;
  if (number > range.maximum) return messages.tooHigh;
  return null;
}

/** The same rules as IsIntegerIn for a query value, which is a text. */
export function IsIntegerTextIn(range: IntegerRange, messages: IntegerMessages): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isIntegerTextIn',
      constraints: [range.minimum, range.maximum],
      validator: { validate: (value: unknown) => integerTextProblem(range, messages, value) === null },
    },
    { message: (args) => integerTextProblem(range, messages, args.value) ?? NOT_VALID },
  );
}
