/** Validation and refusal messages of the API clients. */
export const GRANT_TYPES_BLANK = 'Please choose at least one grant type.';
/** Revoking the client whose token made the request. */
export const CANNOT_REVOKE_OWN_CLIENT = 'Cannot revoke the client of the token in use.';
