/** Validation messages of the admin user form. */
export const USERNAME_BLANK = 'Please enter your name.';
export const USERNAME_TAKEN = 'This username is already used.';
export const EMAIL_BLANK = 'Please enter your email.';
export const EMAIL_INVALID = 'This email is invalid.';
export const EMAIL_TAKEN = 'This email is already used.';
export const PASSWORD_BLANK = 'Please enter your password.';
export const PASSWORD_TOO_SHORT = 'Password must be at least 4 characters long.';
export const PASSWORD_TOO_LONG = 'Password must not be longer than 254 characters.';
export const LOCALE_BLANK = 'Please choose a locale.';
/** Deleting the admin whose token made the request. */
export const CANNOT_DELETE_SELF = 'Cannot remove currently logged in user.';
/** Disabling the admin whose token made the request. */
export const CANNOT_DISABLE_SELF = 'Cannot disable currently logged in user.';
