/** Validation messages of the payment method form. */
export const NAME_BLANK = 'Please enter payment method name.';
export const NAME_TOO_SHORT = 'Payment method name must be at least 2 characters long.';
export const nameTooLong = (limit: number) => `Payment method name must not be longer than ${limit} characters.`;
export const CODE_BLANK = 'Please enter payment method code.';
export const CODE_INVALID = 'Payment method code can only be comprised of letters, numbers, dashes and underscores.';
export const codeTooLong = (limit: number) => `Payment method code must not be longer than ${limit} characters.`;
export const CODE_TAKEN = 'The payment method with given code already exists.';
