import { Transform } from 'class-transformer';

/** Trims text input; non-strings pass through untouched for the type check to report. */
export const trimmed = ({ value }: { value: unknown }): unknown => (typeof value === 'string' ? value.trim() : value);

/** Trims text input and reads an empty string as "no value". */
export const trimmedOrNull = ({ value }: { value: unknown }): unknown => {
  const text = trimmed({ value });
  return text === '' ? null : text;
};

/** Property decorator: the field's text is trimmed before validation, as form text fields are. */
export const Trim = (): PropertyDecorator => Transform(trimmed);
