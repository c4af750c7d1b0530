import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { insufficientStock } from '../../cart-items/forms/cart-item.forms';
import { CheckoutError } from './checkout-error';
import { nextOrderNumber, reserveOrderNumber } from './order-number';

export interface PlaceOrderOptions {
  /** The time of the change: updatedAt of every row it touches. */
  now: Date;
  /** When the checkout completed; stored as checkoutCompletedAt. */
  completedAt: Date;
  /** A fixed number (fixtures); by default the next one from the shared sequence. */
  number?: string;
}

export interface PlacedOrder {
  id: number;
  number: string;
}

interface OrderFacts {
  checkout_state: string;
  total: number;
  locale_code: string;
  channel_code: string;
  promotion_coupon_id: number | null;
  item_count: number;
  has_tracked_items: boolean;
  has_promotions: boolean;
  needs_shipping: boolean;
  has_shipment: boolean;
  has_payment: boolean;
}

interface StockRow {
  id: number;
  on_hand: number;
  on_hold: number;
  quantity: number;
  product_name: string;
}

const TOKEN_LENGTH = 10;

/** A random, URL-safe token of 10 characters, like the reference's. */
const newToken = (): string => randomBytes(8).toString('base64url').slice(0, TOKEN_LENGTH);

async function readFacts(tx: EntityManager, orderId: number): Promise<OrderFacts> {
  const [facts] = await tx.execute<OrderFacts[]>(
    `select o.checkout_state, o.total, o.locale_code, ch.code as channel_code, o.promotion_coupon_id,
            (select count(*) from order_item i where i.order_id = o.id)::int as item_count,
            exists (select 1 from order_item i join product_variant v on v.id = i.variant_id where i.order_id = o.id and v.tracked) as has_tracked_items,
            exists (select 1 from order_promotion op where op.order_id = o.id) as has_promotions,
            exists (select 1 from order_item i join product_variant v on v.id = i.variant_id where i.order_id = o.id and v.shipping_required) as needs_shipping,
            exists (select 1 from shipment s where s.order_id = o.id) as has_shipment,
            exists (select 1 from payment p where p.order_id = o.id and p.state = 'cart') as has_payment
       from orders o join channel ch on ch.id = o.channel_id
      where o.id = ?`,
    [orderId],
  );
  if (facts === undefined) throw new CheckoutError('not_found', `Order ${orderId} does not exist`);
  return facts;
}

function checkPlaceable(orderId: number, facts: OrderFacts): void {
  if (facts.checkout_state !== 'cart') throw new CheckoutError('not_a_cart', `Order ${orderId} is not a cart (its checkout is ${facts.checkout_state})`);
  if (facts.item_count === 0) throw new CheckoutError('empty', `Cart ${orderId} has no items`);
  if (facts.needs_shipping && !facts.has_shipment) {
    throw new CheckoutError('no_shipping_method', `No shipping method of channel "${facts.channel_code}" can ship cart ${orderId}`);
  }
  if (facts.total > 0 && !facts.has_payment) {
    throw new CheckoutError('no_payment_method', `Channel "${facts.channel_code}" has no enabled payment method for cart ${orderId}`);
  }
}

/**
 * Puts the order's tracked units on hold. The variants are locked first, in id order so concurrent
 * checkouts never wait on each other in a circle, and each must still have the units the order takes.
 */
async function holdStock(tx: EntityManager, orderId: number, localeCode: string, now: Date): Promise<void> {
  const rows = await tx.execute<StockRow[]>(
    `select v.id, v.on_hand, v.on_hold, q.quantity,
            coalesce((select pt.name from product_translation pt where pt.product_id = v.product_id order by (pt.locale = ?) desc, pt.id limit 1), p.code) as product_name
       from product_variant v
       join product p on p.id = v.product_id
       join (select variant_id, sum(quantity)::int as quantity from order_item where order_id = ? group by variant_id) q on q.variant_id = v.id
      where v.tracked
      order by v.id
        for update of v`,
    [localeCode, orderId],
  );
  const short = rows.find((row) => row.quantity > row.on_hand - row.on_hold);
  if (short !== undefined) throw new CheckoutError('insufficient_stock', insufficientStock(short.product_name));
  await tx.execute(
    `update product_variant v set on_hold = v.on_hold + q.quantity, version = v.version + 1, updated_at = ?
       from (select variant_id, sum(quantity)::int as quantity from order_item where order_id = ? group by variant_id) q
      where v.id = q.variant_id and v.tracked`,
    [now, orderId],
  );
}

/** One more use of every promotion applied to the order (locked in id order) and of its coupon. */
async function countUsage(tx: EntityManager, orderId: number, couponId: number | null, now: Date): Promise<void> {
  await tx.execute(
    `with applied as materialized (
       select p.id from promotion p where p.id in (select promotion_id from order_promotion where order_id = ?) order by p.id for update
     ), promotions as (
       update promotion p set used = p.used + 1, updated_at = ? from applied where p.id = applied.id
     )
     update promotion_coupon set used = used + 1, updated_at = ? where id = ?`,
    [orderId, now, now, couponId],
  );
}

/**
 * Payments become new and shipments ready; the lines keep the names the customer saw, in the order's
 * locale (else the first translation), whatever the catalogue does later.
 */
async function startPaymentsAndShipments(tx: EntityManager, orderId: number, localeCode: string, now: Date): Promise<void> {
  await tx.execute(
    `with payments as (update payment set state = 'new', updated_at = ? where order_id = ? and state = 'cart'),
          shipments as (update shipment set state = 'ready', updated_at = ? where order_id = ? and state = 'cart')
     update order_item i
        set variant_name = (select vt.name from product_variant_translation vt where vt.variant_id = i.variant_id order by (vt.locale = ?) desc, vt.id limit 1),
            product_name = (select pt.name from product_variant v join product_translation pt on pt.product_id = v.product_id
                             where v.id = i.variant_id order by (pt.locale = ?) desc, pt.id limit 1)
      where i.order_id = ?`,
    [now, orderId, now, orderId, localeCode, localeCode, orderId],
  );
}

/**
 * Turns a processed cart into a placed order, as the checkout's complete step does: states, payments
 * and shipments, stock on hold, promotion and coupon usage, item names frozen in the order's locale,
 * then the number and token. Runs inside the caller's transaction, with the cart already processed;
 * the number is taken last so the sequence row stays locked for as short a time as possible.
 */
export async function placeOrder(tx: EntityManager, orderId: number, options: PlaceOrderOptions): Promise<PlacedOrder> {
  const facts = await readFacts(tx, orderId);
  checkPlaceable(orderId, facts);
  const { now } = options;
  if (facts.has_tracked_items) await holdStock(tx, orderId, facts.locale_code, now);
  if (facts.has_promotions || facts.promotion_coupon_id !== null) await countUsage(tx, orderId, facts.promotion_coupon_id, now);
  await startPaymentsAndShipments(tx, orderId, facts.locale_code, now);

  let number: string;
  if (options.number !== undefined) {
    await reserveOrderNumber(tx, options.number);
    number = options.number;
  } else {
    number = await nextOrderNumber(tx);
  }
  // Like the reference: nothing to pay counts as paid, nothing to ship as shipped.
  await tx.execute(
    `update orders o
        set number = ?, token_value = coalesce(o.token_value, ?), state = 'new', checkout_state = 'completed',
            payment_state = case when exists (select 1 from payment p where p.order_id = o.id) then 'awaiting_payment' else 'paid' end,
            shipping_state = case when exists (select 1 from shipment s where s.order_id = o.id) then 'ready' else 'shipped' end,
            checkout_completed_at = ?, updated_at = ?
      where o.id = ?`,
    [number, newToken(), options.completedAt, now, orderId],
  );
  return { id: orderId, number };
}
