/** Validation messages of the tax category form. */
export const NAME_BLANK = 'Please enter tax category name.';
export const NAME_TOO_SHORT = 'Tax category name must be at least 2 characters long.';
export const nameTooLong = (limit: number) => `Tax category name must not be longer than ${limit} characters.`;
export const CODE_BLANK = 'Please enter tax category code.';
export const CODE_INVALID = 'Tax category code can only be comprised of letters, numbers, dashes and underscores.';
export const codeTooLong = (limit: number) => `Tax category code must not be longer than ${limit} characters.`;
export const CODE_TAKEN = 'The tax category with given code already exists.';
