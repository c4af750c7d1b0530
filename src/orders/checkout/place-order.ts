import { randomBytes } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { insufficientStock } from '../../cart-items/forms/cart-item.forms';
import { ProductVariant } from '../../catalog/entities/product-variant.entity';
import { productNameIn, type NamedTranslation } from '../../catalog/product-name';
import { hasStockFor } from '../../catalog/stock';
import { Promotion } from '../../promotions/entities/promotion.entity';
import { Order } from '../entities/order.entity';
import { CheckoutError } from './checkout-error';
import { takeOrderNumber } from './order-number';

export interface PlaceOrderOptions {
  /** When the checkout completed; stored as checkoutCompletedAt. */
  completedAt: Date;
  /** A fixed number (fixtures); by default the next one from the shared sequence. */
  number?: string;
}

export interface PlacedOrder {
  id: number;
  number: string;
}

const TOKEN_LENGTH = 10;

/** A random, URL-safe token of 10 characters, like the reference's. */
const newToken = (): string => randomBytes(8).toString('base64url').slice(0, TOKEN_LENGTH);

/** What placing reads and changes: the lines with their variants and names, payments, shipments, promotions, coupon. */
const PLACING_GRAPH = [
  'channel',
  'items.variant.product.translations',
  'items.variant.translations',
  'payments',
  'shipments',
  'promotions',
  'promotionCoupon',
] as const;

async function loadPlaceable(tx: EntityManager, orderId: number): Promise<Order> {
  const order = await tx.findOne(Order, orderId, { populate: PLACING_GRAPH });
  if (order === null) throw new CheckoutError('not_found', `Order ${orderId} does not exist`);
  if (order.checkoutState !== 'cart') throw new CheckoutError('not_a_cart', `Order ${orderId} is not a cart (its checkout is ${order.checkoutState})`);
  const items = order.items.getItems();
  if (items.length === 0) throw new CheckoutError('empty', `Cart ${orderId} has no items`);
  if (items.some((item) => item.variant.shippingRequired) && order.shipments.length === 0) {
    throw new CheckoutError('no_shipping_method', `No shipping method of channel "${order.channel.code}" can ship cart ${orderId}`);
  }
  if (order.total > 0 && !order.payments.getItems().some((payment) => payment.state === 'cart')) {
    throw new CheckoutError('no_payment_method', `Channel "${order.channel.code}" has no enabled payment method for cart ${orderId}`);
  }
  return order;
}

/** The translation in `locale`, else the oldest one; null when there is none. */
function translatedName(translations: readonly NamedTranslation[], locale: string): string | null {
  return translations.length === 0 ? null : productNameIn(translations, locale, '');
}

/**
 * Puts the order's tracked units on hold. The variants are locked first, in id order so concurrent
 * checkouts never wait on each other in a circle, re-read under the lock, and each must still have
 * the units the order takes.
 */
async function holdStock(tx: EntityManager, order: Order): Promise<void> {
  const quantities = new Map<ProductVariant, number>();
  for (const item of order.items) {
    if (item.variant.tracked) quantities.set(item.variant, (quantities.get(item.variant) ?? 0) + item.quantity);
  }
  if (quantities.size === 0) return;
  const ids = [...quantities.keys()].map((variant) => variant.id);
  const locked = await tx.find(ProductVariant, { id: { $in: ids } }, { orderBy: { id: 'asc' }, lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
  const short = locked.find((variant) => !hasStockFor(variant, quantities.get(variant)!));
  if (short !== undefined) throw new CheckoutError('insufficient_stock', insufficientStock(productNameIn(short.product.translations.getItems(), order.localeCode, short.product.code)));
  for (const variant of locked) {
    variant.onHold += quantities.get(variant)!;
    variant.version += 1;
  }
}

/** One more use of every promotion applied to the order (locked in id order) and of its coupon. */
async function countUsage(tx: EntityManager, order: Order): Promise<void> {
  const ids = order.promotions.getItems().map((promotion) => promotion.id);
  if (ids.length > 0) {
    const promotions = await tx.find(Promotion, { id: { $in: ids } }, { orderBy: { id: 'asc' }, lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
    for (const promotion of promotions) promotion.used += 1;
  }
  if (order.promotionCoupon !== null) order.promotionCoupon.used += 1;
}

/**
 * Turns a processed cart into a placed order, as the checkout's complete step does: states, payments
 * and shipments, stock on hold, promotion and coupon usage, item names frozen in the order's locale
 * (else its oldest translation), then the number and token. Runs inside the caller's transaction,
 * with the cart already processed, and flushes there; the sequence is locked last so it stays locked
 * for as short a time as possible.
 */
export async function placeOrder(tx: EntityManager, orderId: number, options: PlaceOrderOptions): Promise<PlacedOrder> {
  const order = await loadPlaceable(tx, orderId);
  await holdStock(tx, order);
  await countUsage(tx, order);
  for (const payment of order.payments) if (payment.state === 'cart') payment.state = 'new';
  for (const shipment of order.shipments) if (shipment.state === 'cart') shipment.state = 'ready';
  for (const item of order.items) {
    item.variantName = translatedName(item.variant.translations.getItems(), order.localeCode);
    item.productName = translatedName(item.variant.product.translations.getItems(), order.localeCode);
  }
  const number = await takeOrderNumber(tx, options.number);
  order.number = number;
  order.tokenValue ??= newToken();
  order.state = 'new';
  order.checkoutState = 'completed';
  // Like the reference: nothing to pay counts as paid, nothing to ship as shipped.
  order.paymentState = order.payments.length > 0 ? 'awaiting_payment' : 'paid';
  order.shippingState = order.shipments.length > 0 ? 'ready' : 'shipped';
  order.checkoutCompletedAt = options.completedAt;
  await tx.flush();
  return { id: orderId, number };
}
