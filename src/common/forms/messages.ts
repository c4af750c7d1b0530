/** Validation messages shared by several forms. */
export const NOT_BLANK = 'This value should not be blank.';
export const NOT_VALID = 'This value is not valid.';
