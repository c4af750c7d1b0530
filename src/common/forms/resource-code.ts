/** What a resource code may hold: letters, digits, dashes and underscores (ASCII). */
export const RESOURCE_CODE = /^[A-Za-z0-9_-]+$/;
