import { ValidateBy, type ValidationOptions } from 'class-validator';

const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * Reads `YYYY-MM-DD` (or a full datetime, whose calendar date is used) as that date at midnight UTC.
 * Null for anything else, including impossible dates such as 2019-02-30.
 */
export function parseBirthday(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const match = DATE.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1) return null;
  const date = new Date(`${match[1]}-${match[2]}-${match[3]}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.getUTCMonth() + 1 !== month || date.getUTCDate() !== day) return null;
  return date;
}

export function IsBirthday(options: ValidationOptions): PropertyDecorator {
  return ValidateBy({ name: 'isBirthday', validator: { validate: (value: unknown) => parseBirthday(value) !== null } }, options);
}
