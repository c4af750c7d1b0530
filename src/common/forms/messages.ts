/** Validation messages shared by several forms. */
export const NOT_BLANK = 'This value should not be blank.';
export const NOT_VALID = 'This value is not valid.';
export const EXTRA_FIELDS = 'This form should not contain extra fields.';

/** A text longer than its column holds (fields without a message of their own). */
export const tooLong = (limit: number): string => `This value is too long. It should have ${limit} character${limit === 1 ? '' : 's'} or less.`;
