/** Validation messages of the taxon form. */
export const NAME_BLANK = 'Please enter taxon name.';
export const nameTooLong = (limit: number) => `Taxon name must not be longer than ${limit} characters.`;
export const SLUG_BLANK = 'Please enter taxon slug.';
export const slugTooLong = (limit: number) => `Taxon slug must not be longer than ${limit} characters.`;
export const SLUG_TAKEN = 'Taxon slug must be unique.';
export const CODE_BLANK = 'Please enter taxon code.';
export const CODE_INVALID = 'Taxon code can only be comprised of letters, numbers, dashes and underscores.';
export const codeTooLong = (limit: number) => `Taxon code must not be longer than ${limit} characters.`;
export const CODE_TAKEN = 'Taxon with given code already exists.';
/** A move that would put a taxon under itself. */
export const PARENT_IN_SUBTREE = 'A taxon cannot be moved under itself or one of its descendants.';
/** Why a taxon is not deleted (409). */
export const TAXON_IN_USE = 'The taxon or one of its descendants is used by products or promotions and cannot be deleted.';
