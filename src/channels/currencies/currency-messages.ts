/** Validation messages of the currency form. */
export const CODE_BLANK = 'Please choose currency code.';
export const CODE_LENGTH = 'Currency code must be exactly 3 characters long.';
export const CODE_TAKEN = 'Currency code must be unique.';
