/** Validation messages of the channel form. */
export const NAME_BLANK = 'Please enter channel name.';
export const CODE_BLANK = 'Please enter channel code.';
export const CODE_INVALID = 'Channel code can only be comprised of letters, numbers, dashes and underscores.';
export const CODE_TAKEN = 'Channel code has to be unique.';
export const DEFAULT_LOCALE_BLANK = 'Please enter channel default locale.';
export const DEFAULT_LOCALE_DISABLED = 'Default locale has to be enabled.';
export const BASE_CURRENCY_BLANK = 'Please enter channel base currency.';
export const NO_ENABLED_CHANNEL = 'Must have at least one enabled entity';
export const EMAIL_INVALID = 'This value is not a valid email address.';
/** The 409 of a delete that would leave no channel enabled. */
export const LAST_ENABLED_CHANNEL = 'The last enabled channel cannot be deleted.';
