/** Validation messages of the product association type form. */
export const CODE_BLANK = 'Please enter association type code.';
export const CODE_TOO_SHORT = 'Association type code must be at least 2 characters long.';
export const codeTooLong = (limit: number) => `Association type code must not be longer than ${limit} characters.`;
export const CODE_INVALID = 'Association type code can only be comprised of letters, numbers, dashes and underscores.';
export const CODE_TAKEN = 'The association type with given code already exists.';
export const NAME_BLANK = 'Please enter association type name.';
export const NAME_TOO_SHORT = 'Association type name must be at least 2 characters long.';
export const nameTooLong = (limit: number) => `Association type name must not be longer than ${limit} characters.`;
