/** Validation messages of the locale form. */
export const CODE_BLANK = 'Please enter locale code.';
export const CODE_TAKEN = 'This locale already exists.';
