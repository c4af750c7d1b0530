/**
 * How much one cart may hold. Every piece of a line is a unit with its own adjustments (the reference
 * model), kept as JSON values of its line, and every change reprocesses the whole cart in one
 * transaction, so the size of a cart bounds what one request costs in time and memory. These limits keep
 * the largest cart under a second to change, read and complete, with the process answering probes
 * within 250 ms (test/e2e/cart-limits.e2e-spec.ts holds it to that): at 100 lines and 1,000 pieces each
 * step took 0.1–0.19 s and no probe waited over 0.04 s on the embedded database, with CI running beside
 * it on this 2-core machine; at 200 lines and 2,000 pieces a CI run saw one step take 1.6 s and a probe
 * wait 1 s there (the embedded database runs its SQL on the process's own thread), and at 300 and 3,000
 * probes waited 0.23–0.69 s on the server.
 * They hold on every path that grows a cart: adding a variant (a new line or merged into one),
 * changing a line's quantity, and the fixtures loader.
 */

/** Pieces on one line. */
export const MAX_QUANTITY = 9999;

/** Lines (different variants) in one cart. */
export const MAX_CART_LINES = 100;

/** Pieces in one cart, all lines together. */
export const MAX_CART_UNITS = 1000;
