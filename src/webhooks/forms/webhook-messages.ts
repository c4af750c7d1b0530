/** Validation messages of the webhook form (the wording clients know from the rest of the API). */
export const NO_EVENTS = 'This collection should contain 1 element or more.';
export const UNKNOWN_EVENTS = 'One or more of the given values is invalid.';
