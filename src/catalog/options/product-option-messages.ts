/** Validation messages of the product option form. */
export const CODE_BLANK = 'Please enter option code.';
export const CODE_INVALID = 'Option code can only be comprised of letters, numbers, dashes and underscores.';
export const CODE_TAKEN = 'The option with given code already exists.';
export const NAME_BLANK = 'Please enter option name.';
export const NAME_TOO_SHORT = 'Option name must be at least 2 characters long.';
export const nameTooLong = (limit: number) => `Option name must not be longer than ${limit} characters.`;
export const VALUE_CODE_BLANK = 'Please enter option value code.';
export const VALUE_CODE_INVALID = 'Option value code can only be comprised of letters, numbers, dashes and underscores.';
export const VALUE_CODE_TAKEN = 'The option value with given code already exists.';
export const VALUE_BLANK = 'Please enter option value.';
export const POSITION_TOO_LOW = 'This value should be greater than or equal to 0.';
export const POSITION_TOO_HIGH = 'This value should be less than or equal to 2147483647.';
