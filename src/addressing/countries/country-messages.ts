/** Validation messages of the country form and its provinces. */
export const CODE_BLANK = 'Please enter country ISO code.';
export const CODE_INVALID = 'This value is not a valid country.';
export const CODE_TAKEN = 'Country ISO code must be unique.';
export const PROVINCE_CODE_BLANK = 'Please enter province code.';
export const PROVINCE_CODE_FORMAT = 'Province code should have the following format XX-XX (e.g. US-FL).';
export const PROVINCE_CODE_TAKEN = 'Province code must be unique.';
export const PROVINCE_NAME_BLANK = 'Please enter province name.';
export const PROVINCE_NAME_TOO_SHORT = 'Province name must be at least 2 characters long.';
export const provinceNameTooLong = (limit: number) => `Province name must not be longer than ${limit} characters.`;
export const PROVINCE_NAME_TAKEN = 'Province name must be unique.';
