/** Validation messages of the customer form, as clients of the API know them. */
export const EMAIL_BLANK = 'Please enter your email.';
export const EMAIL_INVALID = 'This email is invalid.';
export const emailTooLong = (limit: number) => `Email must not be longer than ${limit} characters.`;
export const EMAIL_USED = 'This email is already used.';
export const GENDER_BLANK = 'Please choose your gender.';
export const FIRST_NAME_TOO_SHORT = 'First name must be at least 2 characters long.';
export const firstNameTooLong = (limit: number) => `First name must not be longer than ${limit} characters.`;
export const LAST_NAME_TOO_SHORT = 'Last name must be at least 2 characters long.';
export const lastNameTooLong = (limit: number) => `Last name must not be longer than ${limit} characters.`;
export const PASSWORD_BLANK = 'Please enter your password.';
export const PASSWORD_TOO_SHORT = 'Password must be at least 4 characters long.';
export const PASSWORD_TOO_LONG = 'Password must not be longer than 254 characters.';
