/** Validation messages of the shipping method form. */
export const NAME_BLANK = 'Please enter shipping method name.';
export const NAME_TOO_SHORT = 'Shipping method name must be at least 2 characters long.';
export const nameTooLong = (limit: number) => `Shipping method name must not be longer than ${limit} characters.`;
export const CODE_BLANK = 'Please enter shipping method code.';
export const CODE_INVALID = 'Shipping method code can only be comprised of letters, numbers, dashes and underscores.';
export const codeTooLong = (limit: number) => `Shipping method code must not be longer than ${limit} characters.`;
export const CODE_TAKEN = 'The shipping method with given code already exists.';
export const ZONE_BLANK = 'Please select shipping method zone.';
export const CALCULATOR_BLANK = 'Please select shipping method calculator.';
export const AMOUNT_NEGATIVE = 'This value should be greater than or equal to 0.';
export const amountTooHigh = (max: number) => `This value should be less than or equal to ${max}.`;
