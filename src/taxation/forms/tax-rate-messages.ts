/** Validation messages of the tax rate form. */
export const NAME_BLANK = 'Please enter tax rate name.';
export const NAME_TOO_SHORT = 'Tax rate name must be at least 2 characters long.';
export const nameTooLong = (limit: number) => `Tax rate name must not be longer than ${limit} characters.`;
export const CODE_BLANK = 'Please enter tax rate code.';
export const CODE_INVALID = 'Tax rate code can only be comprised of letters, numbers, dashes and underscores.';
export const codeTooLong = (limit: number) => `Tax rate code must not be longer than ${limit} characters.`;
export const CODE_TAKEN = 'The tax rate with given code already exists.';
export const CATEGORY_BLANK = 'Please select tax category.';
export const ZONE_BLANK = 'Please select tax zone.';
export const AMOUNT_BLANK = 'Please enter amount tax.';
export const AMOUNT_NEGATIVE = 'Tax rate amount must not be negative.';
export const amountTooHigh = (max: number) => `Tax rate amount must not be greater than ${max}.`;
