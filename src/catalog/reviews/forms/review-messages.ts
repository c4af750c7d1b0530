/** Validation messages of the review form, as clients of the API know them. */
export const RATING_BLANK = 'You must check review rating.';
export const TITLE_BLANK = 'Review title should not be blank.';
export const TITLE_TOO_SHORT = 'Review title must have at least 2 characters.';
export const titleTooLong = (limit: number) => `Review title must have at most ${limit} characters.`;
export const COMMENT_BLANK = 'Review comment should not be blank.';
export const commentTooLong = (limit: number) => `Review comment must have at most ${limit} characters.`;
