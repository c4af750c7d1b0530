/** Validation messages of the shipping category form. */
export const NAME_BLANK = 'Please enter shipping category name.';
export const NAME_TOO_SHORT = 'Shipping category name must be at least 2 characters long.';
export const nameTooLong = (limit: number) => `Shipping category name must not be longer than ${limit} characters.`;
export const CODE_BLANK = 'Please enter shipping category code.';
export const CODE_INVALID = 'Shipping category code can only be comprised of letters, numbers, dashes and underscores.';
export const codeTooLong = (limit: number) => `Shipping category code must not be longer than ${limit} characters.`;
export const CODE_TAKEN = 'The shipping category with given code already exists.';
