/**
 * How much one cart may hold. Every piece of a line is a unit with its own adjustments (the reference
 * model), kept as JSON values of its line, and every change reprocesses the whole cart in one
 * transaction, so the size of a cart bounds what one request costs in time and memory. These limits keep
 * the largest cart under a second to change, read and complete, with the process answering probes
 * within 250 ms (test/e2e/cart-limits.e2e-spec.ts holds it to that): at 300 lines and 3,000 pieces a
 * probe already waited 0.23–0.69 s on this 2-core machine under load, at 200 and 2,000 at most 0.1 s.
 * They hold on every path that grows a cart: adding a variant (a new line or merged into one),
 * changing a line's quantity, and the fixtures loader.
 */

/** Pieces on one line. */
export const MAX_QUANTITY = 9999;

/** Lines (different variants) in one cart. */
export const MAX_CART_LINES = 200;

/** Pieces in one cart, all lines together. */
export const MAX_CART_UNITS = 2000;
