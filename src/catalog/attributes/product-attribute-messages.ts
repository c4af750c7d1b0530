/** Validation messages of the product attribute form. */
export const NAME_BLANK = 'Please enter attribute name.';
export const NAME_TOO_SHORT = 'Attribute name must be at least 2 characters long.';
export const nameTooLong = (limit: number) => `Attribute name must not be longer than ${limit} characters.`;
export const CODE_BLANK = 'Please enter attribute code.';
export const CODE_TOO_SHORT = 'Attribute code must be at least 2 characters long.';
export const CODE_INVALID = 'Attribute code can only be comprised of letters, numbers, dashes and underscores.';
export const codeTooLong = (limit: number) => `Attribute code must not be longer than ${limit} characters.`;
export const CODE_TAKEN = 'This code is already in use.';
export const NOT_NEGATIVE = 'This value should be greater than or equal to 0.';
export const tooHigh = (limit: number) => `This value should be less than or equal to ${limit}.`;
export const MAX_BELOW_MIN = 'This value should be greater than or equal to min.';
export const CHOICE_LABEL_BLANK = 'Every choice needs a label that is not blank.';
export const choiceLabelTooLong = (limit: number) => `A choice label must not be longer than ${limit} characters.`;
/** Why an attribute is not deleted (409). */
export const ATTRIBUTE_IN_USE = 'The product attribute is in use and cannot be deleted.';
