import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { insufficientStock } from '../http/forms/cart-item.forms';
import { hasStockFor } from '../../catalog/stock';
import { Address } from '../../addressing/entities/address.entity';
import { countUses } from '../../database/lock-order';
import type { OrderAggregate } from '../domain/order-aggregate';
import { lockVariants, trackedQuantities } from './inventory';
import { resolveOrderFulfilment, resolveOrderPayment, resolveOrderShipping } from './order-actions';
import { CheckoutError } from './checkout-error';
import { takeOrderNumber } from './order-number';

export interface PlaceOrderOptions {
  /** When the checkout completed; stored as checkoutCompletedAt. */
  completedAt: Date;
  /** A fixed number (fixtures); by default the next one from the shared sequence. */
  number?: string;
  /** Stored on the order as given (null: none). */
  notes?: string | null;
}

export interface PlacedOrder {
  id: number;
  number: string;
}

const TOKEN_LENGTH = 10;

/** A random, URL-safe token of 10 characters, like the reference's. */
const newToken = (): string => randomBytes(8).toString('base64url').slice(0, TOKEN_LENGTH);

/** Reasons an order cannot be placed, worded for the complete step's form. */
const EMPTY_ORDER = 'The order has no items.';
const NO_SHIPPING_METHOD = 'No shipping method can ship this order.';
const NO_PAYMENT_METHOD = 'No payment method can pay for this order.';
const productDisabled = (productName: string) => `This product ${productName} has been disabled.`;

/** Refuses an order that is placed already or has nothing to place, ship or pay with. */
function checkPlaceable(aggregate: OrderAggregate): void {
  const { order, items } = aggregate;
  if (order.state !== 'cart') throw new CheckoutError('wrong_state', `Order ${order.id} is already placed`);
  if (items.length === 0) throw new CheckoutError('not_placeable', EMPTY_ORDER);
  const shipsSomething = items.some((item) => aggregate.variant(item.variant.id).shippingRequired);
  if (shipsSomething && aggregate.shipments.length === 0) throw new CheckoutError('not_placeable', NO_SHIPPING_METHOD);
  if (order.total > 0 && aggregate.cartPayments.length === 0) throw new CheckoutError('not_placeable', NO_PAYMENT_METHOD);
}

/**
 * Puts the order's tracked units on hold, on its variants locked and re-read; each must still have the
 * units the order takes. Returns the messages of the products that are short (nothing is held then).
 */
async function holdStock(tx: EntityManager, order: OrderAggregate): Promise<string[]> {
  const quantities = trackedQuantities(order);
  if (quantities.size === 0) return [];
  const locked = await lockVariants(tx, [...quantities.keys()]);
  const short = locked.filter((variant) => !hasStockFor(variant, quantities.get(variant.id)!));
  if (short.length > 0) return short.map((variant) => insufficientStock(order.variant(variant.id).productName));
  for (const variant of locked) {
    variant.hold(quantities.get(variant.id)!);
    variant.countStockChange();
  }
  return [];
}

/**
 * The states of a placed order after `Order.place` created it, its payments and shipments: the order's
 * payment and shipping states resolved like after any action. So, as in the reference, nothing to pay
 * counts as paid (its held stock is sold at once), nothing to ship as shipped, and an order that is both
 * is fulfilled as soon as it is placed. The variants are locked already.
 */
async function resolvePlacedStates(tx: EntityManager, aggregate: OrderAggregate): Promise<void> {
  await resolveOrderPayment(tx, aggregate, true);
  resolveOrderShipping(aggregate);
  resolveOrderFulfilment(aggregate);
}

const ADDRESS_FIELDS = ['firstName', 'lastName', 'phoneNumber', 'company', 'countryCode', 'provinceCode', 'provinceName', 'street', 'city', 'postcode'] as const;
const addressKey = (address: Address): string => JSON.stringify(ADDRESS_FIELDS.map((field) => (address[field] ?? '').trim().toLowerCase()));

/**
 * A customer with an account keeps the order's addresses (billing first, then shipping) in the address
 * book, unless an equal one is already there; guests are left alone.
 */
async function saveAddressesOnCustomer(tx: EntityManager, aggregate: OrderAggregate): Promise<void> {
  const { order, facts } = aggregate;
  if (facts.customer?.hasAccount !== true) return;
  const ids = [order.billingAddress, order.shippingAddress].filter((address): address is Address => address !== null).map((address) => address.id);
  if (ids.length === 0) return;
  // One statement for the order's addresses and the customer's book.
  const read = await tx.find(Address, { $or: [{ id: { $in: ids } }, { customer: order.customer }] });
  const byId = new Map(read.map((address) => [address.id, address]));
  const known = new Set(read.filter((address) => address.customer !== null).map(addressKey));
  for (const address of ids.map((id) => byId.get(id)!)) {
    const key = addressKey(address);
    if (known.has(key)) continue;
    known.add(key);
    const copy: Partial<Address> = { customer: order.customer };
    for (const field of ADDRESS_FIELDS) Object.assign(copy, { [field]: address[field] });
    tx.create(Address, copy as Address);
  }
}

/**
 * One more use of the order's coupon and of every promotion applied to it, as atomic increments in the
 * lock order, before the variants are locked (src/database/lock-order.ts): the coupon and the promotions
 * with a usage limit were locked before the order was priced, the others need no check.
 */
function countUsage(tx: EntityManager, { order, appliedPromotionIds }: OrderAggregate): Promise<void> {
  return countUses(tx, 1, order.promotionCoupon?.id ?? null, appliedPromotionIds);
}

/**
 * Turns a processed cart into a placed order, as the checkout's complete step does: states, payments
 * and shipments, stock on hold, promotion and coupon usage, the address book of a registered customer,
 * item names frozen in the order's locale (else its oldest translation), the notes, then the number
 * and token (usage is counted before the stock is held, in the lock order). Disabled products and
 * missing stock are refused together, products first. `order` is loaded and priced
 * in the caller's transaction, whose flush writes the placing; the sequence is locked last so it stays
 * locked for as short a time as possible.
 */
export async function placeOrder(tx: EntityManager, aggregate: OrderAggregate, options: PlaceOrderOptions): Promise<PlacedOrder> {
  const { order } = aggregate;
  checkPlaceable(aggregate);
  const refusals = aggregate.items
    .map((item) => aggregate.variant(item.variant.id))
    .filter((variant) => !variant.productEnabled)
    .map((variant) => productDisabled(variant.productName));
  await countUsage(tx, aggregate);
  refusals.push(...(await holdStock(tx, aggregate)));
  if (refusals.length > 0) throw new CheckoutError('not_placeable', [...new Set(refusals)]);
  await saveAddressesOnCustomer(tx, aggregate);
  for (const item of aggregate.items) {
    const variant = aggregate.variant(item.variant.id);
    item.freezeNames(variant.translatedProductName, variant.name);
  }
  const number = await takeOrderNumber(tx, options.number);
  order.place({ number, newToken, completedAt: options.completedAt, notes: options.notes ?? null });
  await resolvePlacedStates(tx, aggregate);
  return { id: order.id, number };
}
