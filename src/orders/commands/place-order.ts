import { randomBytes } from 'node:crypto';
import { LoadStrategy, type LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { insufficientStock } from '../http/forms/cart-item.forms';
import { ProductVariant } from '../../catalog/entities/product-variant.entity';
import { productNameIn, type NamedTranslation } from '../../catalog/product-name';
import { hasStockFor } from '../../catalog/stock';
import { Address } from '../../addressing/entities/address.entity';
import { countUses } from '../../database/lock-order';
import { Order } from '../domain/order.entity';
import { lockVariants, trackedQuantities } from './inventory';
import { resolveOrderFulfilment, resolveOrderPayment, resolveOrderShipping } from './order-actions';
import { ORDER_TRANSITIONS } from '../domain/state-machines/order';
import { ORDER_PAYMENT_TRANSITIONS } from '../domain/state-machines/order-payment';
import { ORDER_SHIPPING_TRANSITIONS } from '../domain/state-machines/order-shipping';
import { PAYMENT_TRANSITIONS } from '../domain/state-machines/payment';
import { SHIPMENT_TRANSITIONS } from '../domain/state-machines/shipment';
import { applyIfAllowed } from '../domain/state-machines/transition-table';
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

/**
 * What placing reads and changes: the lines with their variants and names, payments, shipments,
 * promotions, coupon, and the addresses with the customer's account (for the address book).
 */
const PLACING_GRAPH = [
  'channel',
  'customer.user',
  'shippingAddress',
  'billingAddress',
  'items.variant.product.translations',
  'items.variant.translations',
  'payments',
  'shipments',
  'promotions',
  'promotionCoupon',
] as const;

/** Reasons an order cannot be placed, worded for the complete step's form. */
const EMPTY_ORDER = 'The order has no items.';
const NO_SHIPPING_METHOD = 'No shipping method can ship this order.';
const NO_PAYMENT_METHOD = 'No payment method can pay for this order.';
const productDisabled = (productName: string) => `This product ${productName} has been disabled.`;

/**
 * The order with what placing it reads and changes (one statement); with `lockMode`, its row alone is
 * locked until the transaction ends. Null when there is no such order.
 */
export async function loadOrderToPlace(tx: EntityManager, orderId: number, lockMode?: LockMode): Promise<Order | null> {
  return tx.findOne(Order, orderId, { populate: PLACING_GRAPH, strategy: LoadStrategy.JOINED, ...(lockMode !== undefined && { lockMode, lockTableAliases: ['o0'] }) });
}

/** Refuses an order that is placed already or has nothing to place, ship or pay with. */
function checkPlaceable(order: Order): void {
  if (order.state !== 'cart') throw new CheckoutError('wrong_state', `Order ${order.id} is already placed`);
  const items = order.items.getItems();
  if (items.length === 0) throw new CheckoutError('not_placeable', EMPTY_ORDER);
  if (items.some((item) => item.variant.shippingRequired) && order.shipments.length === 0) throw new CheckoutError('not_placeable', NO_SHIPPING_METHOD);
  if (order.total > 0 && !order.payments.getItems().some((payment) => payment.state === 'cart')) throw new CheckoutError('not_placeable', NO_PAYMENT_METHOD);
}

/** A line's product name as the order's messages show it. */
const productNameOf = (variant: ProductVariant, locale: string): string => productNameIn(variant.product.translations.getItems(), locale, variant.product.code);

/** The translation in `locale`, else the oldest one; null when there is none. */
function translatedName(translations: readonly NamedTranslation[], locale: string): string | null {
  return translations.length === 0 ? null : productNameIn(translations, locale, '');
}

/**
 * Puts the order's tracked units on hold, on its variants locked and re-read; each must still have the
 * units the order takes. Returns the messages of the products that are short (nothing is held then).
 */
async function holdStock(tx: EntityManager, order: Order): Promise<string[]> {
  const quantities = trackedQuantities(order);
  if (quantities.size === 0) return [];
  const locked = await lockVariants(tx, [...quantities.keys()].map((variant) => variant.id));
  const short = locked.filter((variant) => !hasStockFor(variant, quantities.get(variant)!));
  if (short.length > 0) return short.map((variant) => insufficientStock(productNameOf(variant, order.localeCode)));
  for (const variant of locked) {
    variant.onHold += quantities.get(variant)!;
    variant.version += 1;
  }
  return [];
}

/**
 * The states of a placed order, by the state machines: the order, its payments and shipments are
 * created, then the order's payment and shipping states resolved like after any action. So, as in the
 * reference, nothing to pay counts as paid (its held stock is sold at once), nothing to ship as shipped,
 * and an order that is both is fulfilled as soon as it is placed. The variants are locked already.
 */
async function applyPlacedStates(tx: EntityManager, order: Order): Promise<void> {
  order.state = applyIfAllowed(ORDER_TRANSITIONS, order.state, 'create');
  for (const payment of order.payments) payment.state = applyIfAllowed(PAYMENT_TRANSITIONS, payment.state, 'create');
  for (const shipment of order.shipments) shipment.state = applyIfAllowed(SHIPMENT_TRANSITIONS, shipment.state, 'create');
  order.paymentState = applyIfAllowed(ORDER_PAYMENT_TRANSITIONS, order.paymentState, 'request_payment');
  order.shippingState = applyIfAllowed(ORDER_SHIPPING_TRANSITIONS, order.shippingState, 'request_shipping');
  await resolveOrderPayment(tx, order, true);
  resolveOrderShipping(order);
  resolveOrderFulfilment(order);
}

const ADDRESS_FIELDS = ['firstName', 'lastName', 'phoneNumber', 'company', 'countryCode', 'provinceCode', 'provinceName', 'street', 'city', 'postcode'] as const;
const addressKey = (address: Address): string => JSON.stringify(ADDRESS_FIELDS.map((field) => (address[field] ?? '').trim().toLowerCase()));

/**
 * A customer with an account keeps the order's addresses (billing first, then shipping) in the address
 * book, unless an equal one is already there; guests are left alone.
 */
async function saveAddressesOnCustomer(tx: EntityManager, order: Order): Promise<void> {
  const customer = order.customer;
  if (customer.user === null) return;
  const orderAddresses = [order.billingAddress, order.shippingAddress].filter((address): address is Address => address !== null);
  if (orderAddresses.length === 0) return;
  const known = new Set((await customer.addresses.load()).map(addressKey));
  for (const address of orderAddresses) {
    const key = addressKey(address);
    if (known.has(key)) continue;
    known.add(key);
    const copy: Partial<Address> = { customer };
    for (const field of ADDRESS_FIELDS) Object.assign(copy, { [field]: address[field] });
    customer.addresses.add(tx.create(Address, copy as Address));
  }
}

/**
 * One more use of the order's coupon and of every promotion applied to it, as atomic increments in the
 * lock order, before the variants are locked (src/database/lock-order.ts): the coupon and the promotions
 * with a usage limit were locked before the order was priced, the others need no check.
 */
function countUsage(tx: EntityManager, order: Order): Promise<void> {
  return countUses(tx, 1, order.promotionCoupon?.id ?? null, order.promotions.getItems().map((promotion) => promotion.id));
}

/**
 * Turns a processed cart into a placed order, as the checkout's complete step does: states, payments
 * and shipments, stock on hold, promotion and coupon usage, the address book of a registered customer,
 * item names frozen in the order's locale (else its oldest translation), the notes, then the number
 * and token (usage is counted before the stock is held, in the lock order). Disabled products and
 * missing stock are refused together, products first. `order` comes
 * from loadOrderToPlace; runs inside the caller's transaction, with the cart already processed, and
 * flushes there; the sequence is locked last so it stays locked for as short a time as possible.
 */
export async function placeOrder(tx: EntityManager, order: Order, options: PlaceOrderOptions): Promise<PlacedOrder> {
  checkPlaceable(order);
  const refusals = order.items.getItems().filter((item) => !item.variant.product.enabled).map((item) => productDisabled(productNameOf(item.variant, order.localeCode)));
  await countUsage(tx, order);
  refusals.push(...(await holdStock(tx, order)));
  if (refusals.length > 0) throw new CheckoutError('not_placeable', [...new Set(refusals)]);
  await saveAddressesOnCustomer(tx, order);
  for (const item of order.items) {
    item.variantName = translatedName(item.variant.translations.getItems(), order.localeCode);
    item.productName = translatedName(item.variant.product.translations.getItems(), order.localeCode);
  }
  const number = await takeOrderNumber(tx, options.number);
  order.number = number;
  order.tokenValue ??= newToken();
  order.checkoutState = 'completed';
  await applyPlacedStates(tx, order);
  order.checkoutCompletedAt = options.completedAt;
  order.notes = options.notes ?? null;
  await tx.flush();
  return { id: order.id, number };
}
