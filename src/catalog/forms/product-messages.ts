/** Validation messages of the product form. */
export const NAME_BLANK = 'Please enter product name.';
export const NAME_TOO_SHORT = 'Product name must be at least 2 characters long.';
export const nameTooLong = (limit: number) => `Product name must not be longer than ${limit} characters.`;
export const SLUG_BLANK = 'Please enter product slug.';
export const slugTooLong = (limit: number) => `Product slug must not be longer than ${limit} characters.`;
export const SLUG_TAKEN = 'Product slug must be unique.';
export const CODE_BLANK = 'Please enter product code.';
export const CODE_INVALID = 'Product code can only be comprised of letters, numbers, dashes and underscores.';
export const CODE_TAKEN = 'Product code must be unique.';
/** A channel newly assigned to a product some variant of which has no price there (a root error of the form). */
export const VARIANT_PRICES_FIRST = "You have to define product variants' prices for newly assigned channels first.";
/** Why a product is not deleted (409). */
export const PRODUCT_IN_ORDERS = 'The product is in carts or orders and cannot be deleted.';
/** The product's attribute values (`attributes`); value messages are in attribute-values.ts. */
export const ATTRIBUTE_BLANK = 'Please select attribute.';
export const ATTRIBUTE_REPEATED = 'This attribute already has a value in this locale.';
