/** Validation messages of the promotion form. */
export const NAME_BLANK = 'Please enter promotion name.';
export const NAME_TOO_SHORT = 'Promotion name must be at least 2 characters long.';
export const nameTooLong = (limit: number) => `Promotion name must not be longer than ${limit} characters.`;
export const DESCRIPTION_TOO_SHORT = 'Promotion description must be at least 2 characters long.';
export const DESCRIPTION_MAX = 255;
export const DESCRIPTION_TOO_LONG = `Promotion description must not be longer than ${DESCRIPTION_MAX} characters.`;
export const CODE_BLANK = 'Please enter promotion code.';
export const CODE_INVALID = 'Promotion code can only be comprised of letters, numbers, dashes and underscores.';
export const codeTooLong = (limit: number) => `Promotion code must not be longer than ${limit} characters.`;
export const CODE_TAKEN = 'The promotion with given code already exists.';
export const USAGE_LIMIT_TOO_LOW = 'Promotion usage limit must be at least 1.';
export const USAGE_LIMIT_TOO_HIGH = 'Promotion usage limit must be at most 2147483647.';
export const PRIORITY_OUT_OF_RANGE = 'Promotion priority must be between -2147483647 and 2147483647.';
export const END_BEFORE_START = 'End date cannot be set prior start date.';

/** Messages of a rule's or an action's configuration, each prefixed with the key path it is about. */
export const VALUE_BLANK = 'This value should not be blank.';
export const AMOUNT_NEGATIVE = 'The amount must not be negative.';
export const AMOUNT_TOO_HIGH = 'The amount must not be greater than 21474836.47.';
export const PERCENTAGE_OUT_OF_RANGE = 'The percentage discount must be between 0% and 100%.';
export const COUNT_TOO_LOW = 'This value should be greater than or equal to 1.';
export const COUNT_TOO_HIGH = 'This value should be less than or equal to 2147483647.';
