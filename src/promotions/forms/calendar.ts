import { ValidateBy, type ValidationOptions } from 'class-validator';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** `YYYY-MM-DD` as that day at midnight UTC; null for anything else, impossible days (2026-02-30) included. */
export function parseDate(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const match = DATE.exec(value);
  if (!match || Number(match[1]) < 1) return null;
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.getUTCMonth() + 1 !== Number(match[2]) || date.getUTCDate() !== Number(match[3])) return null;
  return date;
}

/** `HH:MM` (or `HH:MM:SS`) as milliseconds after midnight; null for anything else. */
export function parseTime(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const match = TIME.exec(value);
  if (!match) return null;
  const [hours, minutes, seconds] = [Number(match[1]), Number(match[2]), Number(match[3] ?? 0)];
  if (hours > 23 || minutes > 59 || seconds > 59) return null;
  return ((hours * 60 + minutes) * 60 + seconds) * 1000;
}

export function IsCalendarDate(options: ValidationOptions): PropertyDecorator {
  return ValidateBy({ name: 'isCalendarDate', validator: { validate: (value: unknown) => parseDate(value) !== null } }, options);
}

export function IsTimeOfDay(options: ValidationOptions): PropertyDecorator {
  return ValidateBy({ name: 'isTimeOfDay', validator: { validate: (value: unknown) => parseTime(value) !== null } }, options);
}
