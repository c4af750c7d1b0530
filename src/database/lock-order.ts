import type { EntityManager } from '@mikro-orm/postgresql';

/*
 * THE LOCK ORDER. Every write is one transaction (src/database/write-transaction.ts) and takes the row
 * locks that can make another write wait in this order; a write may skip levels but never goes back up:
 *
 *   1. customer          FOR UPDATE (update, delete), FOR NO KEY UPDATE (checkout completion, before
 *                        the order), FOR SHARE (a new cart)
 *   2. orders            FOR UPDATE, in id order (every cart change, checkout step, completion and order
 *                        action locks its order first; deleting a customer locks all of theirs)
 *   3. promotion coupon  FOR NO KEY UPDATE: its usage counter (completion, cancel);
 *                        FOR SHARE (putting it on a cart)
 *   4. promotions        FOR NO KEY UPDATE: usage counters, those with a usage limit first, each group
 *                        in id order (completion: the channel's limited ones before pricing, then the
 *                        applied ones when counting their use; cancel: the order's)
 *  4a. products          FOR NO KEY UPDATE: a variant's create, change (PUT, PATCH) locks its product first
 *                        (src/catalog/variants/variant-writes.service.ts), so the product's next position and
 *                        its variants' option sets stay true until commit; nothing of the order path locks products
 *                        A review's change, accept, reject or delete locks its product FOR NO KEY UPDATE, then
 *                        the review FOR UPDATE, and recomputes the product's average rating under that lock
 *                        (src/catalog/reviews/average-rating.ts); a customer's delete (after the customer and
 *                        their orders) locks the products their accepted reviews count in, in id order. A
 *                        review's create finds or inserts its author first (the customer FOR SHARE, level 1),
 *                        then takes FOR KEY SHARE on the product, so a delete of either waits for it
 *   5. product variants  FOR UPDATE, in id order: stock (completion, payment, cancel); key share by
 *                        the insert of a new cart line (adding it to a cart, at the flush); FOR UPDATE by a
 *                        variant's change or delete through the API (one variant, after its product; its
 *                        translations, prices and option values are the variant's own and need no lock), whose
 *                        only later lock is the event counter: a cart line being added waits for it (or it for
 *                        the line), a completion holding the variant makes it wait and then see the held units
 *   6. order sequence    (completion, by its UPDATE)
 *   7. webhook subscription  FOR UPDATE: its change, secret rotation and delete (src/webhooks), each the
 *                        only lock of its write but the idempotency key (the pg-boss jobs of a deleted
 *                        subscription, or of one a change made healthy again, are dropped or released
 *                        after the commit, holding no lock); recording a batch of delivery attempts
 *                        (src/webhooks/delivery/attempt-recorder.ts) locks the batch's subscriptions FOR
 *                        NO KEY UPDATE in id order (their health moves under it) before it takes
 *                        pg-boss's job rows of them: queues the jobs that follow, releases the put-off
 *                        jobs of those healthy again, and completes the batch's own
 *   8. idempotency key   (marked just before COMMIT)
 *   9. event counter     the one row of event_counter, by the outbox's UPDATE just before COMMIT (after
 *                        the idempotency fence), held to the commit: every write that records an event
 *                        takes it last, so events get their sequences in commit order
 *                        (src/events/event-outbox.ts); the retention cleanup takes it alone
 *  10. webhook dispatch cursor  FOR UPDATE (dispatching events into delivery jobs), FOR SHARE (a replay):
 *                        taken alone, in the delivery engine's own transactions (src/webhooks/delivery)
 *
 * Configuration rows changed or deleted by their own routes (tax and shipping categories, locales,
 * currencies, countries, provinces, zones, tax rates, shipping and payment methods) are locked FOR UPDATE by
 * that change or delete, the only lock of its write but the idempotency key (a shipping or payment method's
 * lock makes a cart change that inserts a shipment or payment naming it wait, by its key-share lock, for
 * the change's commit, and never the other way round), except that a zone's create or change then locks the countries,
 * provinces or zones it names FOR SHARE in id order (src/addressing/zones/zone-members.ts): members copy
 * codes, so this share lock is what a delete of one of them waits for. (Two zones changed at once to name
 * each other can still deadlock; the retry of write-transaction.ts runs the loser again.) A delete checks
 * under that lock that nothing refers to the row (src/common/deletion/delete-unless-referenced.ts): an
 * insert or update that makes a foreign key point at the row takes a key-share lock on it, which FOR
 * UPDATE waits for and then holds off.
 *
 * Products (src/catalog/services/product-writes.service.ts): a change locks the product FOR UPDATE, then the
 * channels, taxons, product options, association types and associated products, then product attributes it
 * names FOR KEY SHARE (each table in id order, in that order of tables), so a delete of one of them waits
 * for it; a create takes only those key-share locks. A delete locks the product FOR UPDATE, then FOR UPDATE
 * in id order the other products whose associations name it (src/catalog/associations/product-associations.ts;
 * it takes itself out of them), then its variants FOR UPDATE in id order (level 5), which a new cart line's
 * key-share lock on its variant waits for, before it checks that no order line holds one of them. Naming a
 * product takes a key-share lock on it, which the delete's FOR UPDATE holds off, so no new owner appears
 * meanwhile. Two product writes that each name the other product (a change naming the product being
 * deleted, or two changes naming each other) take the two product locks in opposite orders and can
 * deadlock; the retry of write-transaction.ts runs the loser again.
 * A change of a simple product (one variant, no options) that sends `variant` then locks that variant FOR
 * UPDATE (level 5; src/catalog/variants/simple-product-variant.ts), after all of the above and before the
 * event counter: its product's FOR UPDATE, already held, stands in for the FOR NO KEY UPDATE the variant
 * routes take first (it is stronger, and keeps the product simple until commit).
 * A product change checks under its FOR UPDATE that every variant has a price in each channel it newly
 * assigns, and a variant's create or change checks under its product's FOR NO KEY UPDATE that the variant
 * keeps a price in each channel of the product: the two locks conflict, so a channel assigned while a
 * price is removed runs one after the other and the second sees the first's commit.
 *
 * Taxons (src/catalog/taxons): every taxon write (create, change or move, subtree delete, product positions
 * aside) first takes one transaction-level advisory lock for all taxon trees (taxon-tree.ts), so taxon writes
 * run one after another and their row locks never interleave; a change then locks its taxon FOR UPDATE, a
 * delete its whole subtree FOR UPDATE in id order, which the key-share locks of product writes naming those
 * taxons wait for (or it for them), before it checks that no product or promotion names one of them. A
 * promotion's create or change locks the taxons (and other rows) its rules and actions name FOR KEY SHARE in
 * id order after its own promotion lock (src/promotions/promotion-form-check.ts), which such a delete waits
 * for too. Setting product positions in a taxon locks those product_taxon rows FOR UPDATE in product id
 * order, its only lock; no taxon write takes a product lock.
 *
 * A channel's change or delete first locks every channel FOR NO KEY UPDATE in id order (src/channels/
 * channel-writes.service.ts), so two writes that could each leave no channel enabled run one after the
 * other; NO KEY UPDATE does not conflict with the key-share locks of new carts and prices. A delete then
 * takes FOR UPDATE on its own channel (the reference check above). A channel's create or change then
 * locks the locales, currencies and zone it names FOR SHARE, each kind in id order, and an exchange rate's
 * create its two currencies likewise (src/channels/exchange-rates): what a delete of one of them waits for.
 * An exchange rate's change or delete locks that rate FOR UPDATE, the only lock of its write.
 *
 * Promotions and coupons changed or deleted by their own routes (src/promotions) are locked FOR UPDATE
 * by that change or delete, each the only row lock of its write but the idempotency key; a coupon's
 * create or generation locks its promotion FOR KEY SHARE first (a delete of the promotion waits for it,
 * or it waits for the delete and finds no promotion). A promotion's rules, actions and channel links are
 * owned through its lock. Such a change conflicts with the order path's FOR NO KEY UPDATE on the counters
 * (levels 3 and 4) only by waiting: it holds no other lock the order path wants.
 *
 * Product options and product attributes each form one ordered list (src/catalog/positions/ordered-list.ts):
 * every create, change and delete of one first locks its table (product_option, product_attribute) in SHARE
 * ROW EXCLUSIVE mode, since a create, a move or a delete renumbers the positions of the others; the mode
 * conflicts with itself (these writes take turns, creates included) but not with reads nor with the
 * key-share locks of product writes naming them, and no other write takes it. Renumbering updates no key
 * column, so it never waits for those key-share locks. A delete then locks its option or attribute FOR
 * UPDATE, which the key-share locks of product writes naming it wait for (or it for them), before it checks
 * that nothing refers to it (for an option: no product offers it and no variant is made of its values; for
 * an attribute: no product has a value of it). Their translations and an option's values are owned through
 * that lock. A product association type is locked FOR UPDATE by its change or delete, the only lock of that
 * write but the idempotency key (a product write naming it holds a key-share lock on it, which the delete
 * waits for before it checks it is unused).
 *
 * Rows a write owns through its locked order (lines, units, adjustments, payments, shipments, its
 * addresses) need no lock of their own.
 *
 * Admin users and their tokens lie apart from all of the above: an admin's change locks the admin FOR
 * UPDATE and, with a new password, then deletes their refresh and access tokens; a token grant locks the
 * admin FOR SHARE before it deletes a refresh token or inserts a pair (src/auth/oauth-token.service.ts),
 * so a grant and a password change wait for each other at the admin and never cross at the tokens.
 *
 * The product list's total (the one row of product_list_count, Migration20261129050000) is moved by a
 * trigger at every statement that adds or removes an en_US product translation, and held to the commit;
 * no write of the order path does that. A catalogue write that does should write those translations
 * after taking any lock of the levels above, so the counter comes last, as the event counter does.
 *
 * Key-share locks — the ones PostgreSQL takes on the referenced row when a row with a foreign key is
 * inserted (order_promotion → promotion, order_item → variant, shipment → shipping method, order and
 * address → customer) — conflict only with FOR UPDATE and DELETE. That is why counters are locked FOR NO
 * KEY UPDATE (only a promotion's or coupon's own change or delete, holding nothing else, takes FOR UPDATE
 * on it): such key-share locks may then come at any point of a write. Variants are locked FOR UPDATE,
 * but the only insert referencing one (a new cart line) comes at the flush of a write that holds no lock
 * of a level after 5 yet. Customers do get FOR UPDATE and DELETE, so every insert that references a
 * customer comes from a write that locked that customer first (a new cart, the completion's address book).
 */

/**
 * Locks the customer of an order (level 1, FOR NO KEY UPDATE), before the order itself: completions of
 * the same customer then run one after another, so the customer's placed orders counted under this lock
 * (per-customer coupon limits, nth-order rules) stay true until commit, and a delete of the customer
 * waits for the completion (or the completion, coming second, finds the order gone).
 */
const LOCK_CUSTOMER_OF_ORDER = `select c.id from customer c where c.id = (select o.customer_id from orders o where o.id = ?::int) for no key update of c`;

export async function lockCustomerOfOrder(tx: EntityManager, orderId: number): Promise<void> {
  await tx.execute(LOCK_CUSTOMER_OF_ORDER, [orderId]);
}

/** Locks a coupon's usage counter (level 3) and reads it under the lock. */
const LOCK_COUPON_COUNTER = `select used from promotion_coupon where id = ?::int for no key update`;

/** The coupon's `used` as read under the lock; null when there is no such coupon. */
export async function lockCouponCounter(tx: EntityManager, couponId: number): Promise<number | null> {
  const [row] = await tx.execute<Array<{ used: number }>>(LOCK_COUPON_COUNTER, [couponId]);
  return row?.used ?? null;
}

/** Promotion ids as one bound parameter (a JSON array), so the statement text does not depend on how many there are. */
const PROMOTION_IDS = `select value::int from json_array_elements_text(?::json)`;

/** Locks the usage counters of promotions with a usage limit (level 4, in id order) and reads them under the lock. */
const LOCK_LIMITED_PROMOTION_COUNTERS = `select id, used from promotion where id in (${PROMOTION_IDS}) and usage_limit is not null order by id for no key update`;

/** Promotion id → used, as read under the lock, for those of `promotionIds` that have a usage limit. */
export async function lockLimitedPromotionCounters(tx: EntityManager, promotionIds: readonly number[]): Promise<Map<number, number>> {
  if (promotionIds.length === 0) return new Map();
  const rows = await tx.execute<Array<{ id: number; used: number }>>(LOCK_LIMITED_PROMOTION_COUNTERS, [JSON.stringify(promotionIds)]);
  return new Map(rows.map((row) => [row.id, row.used]));
}

/**
 * Moves the usage counters of promotions by `delta`, locking them in the level-4 order first (the UPDATE
 * alone would lock them in whatever order it finds them). Parameters: delta, time, ids.
 */
const COUNT_PROMOTION_USES = `update promotion set used = used + ?::int, updated_at = ?::timestamptz
   where id in (select id from promotion where id in (${PROMOTION_IDS}) order by usage_limit is null, id for no key update)`;
/** A cancelled order gives its coupon's use back only when the coupon is reusable from cancelled orders. Parameters: delta, time, id, delta. */
const COUNT_COUPON_USE = `update promotion_coupon set used = used + ?::int, updated_at = ?::timestamptz
   where id = ?::int and (?::int > 0 or reusable_from_cancelled_orders)`;

/**
 * One use more (+1, a placed order) or less (-1, a cancelled one) of an order's coupon and promotions, in
 * the lock order (coupon, then promotions), each counter moved by its own UPDATE so no concurrent change
 * is lost. One statement per kind, none when there is nothing to count.
 */
export async function countUses(tx: EntityManager, delta: 1 | -1, couponId: number | null, promotionIds: readonly number[], now: Date = new Date()): Promise<void> {
  if (couponId !== null) await tx.execute(COUNT_COUPON_USE, [delta, now, couponId, delta]);
  if (promotionIds.length > 0) await tx.execute(COUNT_PROMOTION_USES, [delta, now, JSON.stringify(promotionIds)]);
}
