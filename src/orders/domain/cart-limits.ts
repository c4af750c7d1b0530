/**
 * How much one cart may hold. Every piece of a line is a stored unit with its own adjustments (the
 * reference model), and every change reprocesses and rewrites the whole cart in one transaction, so
 * the size of a cart bounds what one request costs in time and memory. These limits keep the largest
 * cart cheap to change, read and complete (test/e2e/cart-limits.e2e-spec.ts holds it to that) and
 * leave room for any ordinary order. They hold on every path that grows a cart: adding a variant
 * (a new line or merged into one), changing a line's quantity, and the fixtures loader.
 */

/** Pieces on one line. */
export const MAX_QUANTITY = 9999;

/** Lines (different variants) in one cart. */
export const MAX_CART_LINES = 50;

/** Pieces in one cart, all lines together. */
export const MAX_CART_UNITS = 300;
