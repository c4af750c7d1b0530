/** Validation messages of the zone form. */
export const NAME_BLANK = 'Please enter zone name.';
export const NAME_TOO_SHORT = 'Zone name must be at least 2 characters long.';
export const nameTooLong = (limit: number) => `Zone name must not be longer than ${limit} characters.`;
export const SCOPE_BLANK = 'Please enter the scope.';
export const CODE_BLANK = 'Please enter zone code.';
export const CODE_INVALID = 'Zone code can only be comprised of letters, numbers, dashes and underscores.';
export const codeTooLong = (limit: number) => `Zone code must not be longer than ${limit} characters.`;
export const CODE_TAKEN = 'Zone code must be unique.';
export const MEMBERS_MISSING = 'Please add at least 1 zone member.';
export const MEMBER_REPEATED = 'Chosen zone member is already in this zone.';
