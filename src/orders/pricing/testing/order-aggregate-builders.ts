/**
 * In-memory order aggregates for unit tests of the domain and the pricing port: entities made by an
 * EntityManager of an ORM that never connects (see offline-orm.ts), facts and shop configuration built
 * from the engine's builders. Nothing here reads or writes a database.
 */
import type { EntityClass, EntityData } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Payment } from '../../../payments/entities/payment.entity';
import { Promotion } from '../../../promotions/entities/promotion.entity';
import { Shipment } from '../../../shipping/entities/shipment.entity';
import { OrderAggregate, type ZoneAddress } from '../../domain/order-aggregate';
import { OrderItem } from '../../domain/order-item.entity';
import { Order, type OrderState } from '../../domain/order.entity';
import type { LineUnit, StoredAdjustment } from '../../domain/order-values';
import type { EngineAdjustment, EngineShop } from '../engine';
import { aChannel, aCoupon, aShop } from '../engine/testing/builders';
import type { ShopConfigurationSnapshot } from '../load-shop-configuration';
import type { ChannelFacts, CouponFacts, CustomerFacts, VariantFacts } from '../pricing-facts';

let lastId = 1000;
/** Ids grow like the database's sequences, so "in id order" is creation order. */
const nextId = (): number => ++lastId;

/**
 * An entity as loadOrder makes it from a row: managed, with an id, removed into the unit of work's
 * remove stack. Like a row, `data` must be complete: a merged entity gets no constructor defaults.
 */
function stored<T extends object>(em: EntityManager, entity: EntityClass<T>, data: EntityData<T>): T {
  return em.merge(entity, { id: nextId(), ...data } as EntityData<T>, { cascade: false });
}

const LOADED_AT = new Date('2026-01-01T00:00:00Z');

/** Facts of a variant sold in the channel at `price` (null: not sold there); defaults match the engine's `aVariant`. */
export function aVariantFacts(id: number, price: number | null, overrides: Partial<VariantFacts> = {}): VariantFacts {
  return {
    id,
    code: `V${id}`,
    name: `Variant V${id}`,
    productCode: `P_V${id}`,
    productName: `Product V${id}`,
    translatedProductName: `Product V${id}`,
    productEnabled: true,
    price,
    taxCategoryCode: 'std',
    shippingCategoryCode: null,
    shippingRequired: true,
    tracked: false,
    onHand: 0,
    onHold: 0,
    taxonCodes: [],
    ...overrides,
  };
}

/** The engine's `aChannel` with the id the order refers to. */
function aChannelFacts(overrides: Partial<ChannelFacts> = {}): ChannelFacts {
  return { id: 1, ...aChannel(), ...overrides };
}

function aCustomerFacts(overrides: Partial<CustomerFacts> = {}): CustomerFacts {
  return { id: 7, hasAccount: false, groupCodes: [], placedOrders: 0, couponUsage: {}, ...overrides };
}

export function aCouponFacts(code: string, promotionId: number, overrides: Partial<CouponFacts> = {}): CouponFacts {
  return { ...aCoupon(code), id: nextId(), promotionId, ...overrides };
}

/** Ids the configuration gives promotions (in the shop's order), shipping and payment methods (by code). */
export const PROMOTION_ID_BASE = 100;
export const SHIPPING_METHOD_ID_BASE = 200;
export const PAYMENT_METHOD_ID_BASE = 300;

/** A configuration snapshot of the shop, with ids numbered from the bases above in the shop's list order. */
function aConfiguration(shop: EngineShop = aShop()): ShopConfigurationSnapshot {
  return {
    version: '1',
    shop,
    promotionIds: shop.promotions.map((_, index) => PROMOTION_ID_BASE + index),
    shippingMethodIds: Object.fromEntries(shop.shippingMethods.map((method, index) => [method.code, SHIPPING_METHOD_ID_BASE + index])),
    paymentMethodIds: Object.fromEntries(shop.paymentMethods.map((method, index) => [method.code, PAYMENT_METHOD_ID_BASE + index])),
  };
}

interface CartLine {
  variant: VariantFacts;
  quantity: number;
}

export interface CartSetup {
  lines?: CartLine[];
  shop?: EngineShop;
  channel?: Partial<ChannelFacts>;
  customer?: CustomerFacts | null;
  /** The coupon the order holds; its code is the one the engine sees. */
  coupon?: CouponFacts | null;
  shippingZone?: ZoneAddress | null;
  /** Promotions the order is stored with (ids from aConfiguration). */
  appliedPromotionIds?: number[];
  state?: OrderState;
  /** Facts of a variant the command is about to add (it has no line yet). */
  addedVariant?: VariantFacts;
}

/** A unit as loaded: it has its id, and no adjustment yet. */
const storedUnit = (): LineUnit => ({ id: nextId(), adjustmentsTotal: 0, adjustments: [] });

/**
 * A cart as loadOrder would hand it over: lines stored (managed, with ids) with their units (with ids), no
 * adjustment, shipment or payment yet (see storeAdjustment, storeShipment, storePayment). The order
 * itself is a new entity, so its promotion collection is initialized: dropping an applied promotion
 * would otherwise read the collection from the database.
 */
export function aCart(em: EntityManager, setup: CartSetup = {}): OrderAggregate {
  const channel = aChannelFacts(setup.channel);
  const order = em.create(Order, { id: nextId(), currencyCode: 'USD', localeCode: 'en_US', customer: 7, channel: channel.id, state: setup.state ?? 'cart' });
  const appliedPromotionIds = [...(setup.appliedPromotionIds ?? [])];
  order.promotions.set(appliedPromotionIds.map((id) => em.getReference(Promotion, id)));
  const lines = setup.lines ?? [];
  const items = lines.map(({ variant, quantity }) =>
    stored(em, OrderItem, {
      order, variant: variant.id, quantity, unitPrice: 0, unitsTotal: 0, adjustmentsTotal: 0, total: 0, productName: null, variantName: null, immutable: false,
      units: Array.from({ length: quantity }, storedUnit), adjustments: [],
    }),
  );
  order.items.set(items);
  const variants = [...lines.map((line) => line.variant), ...(setup.addedVariant === undefined ? [] : [setup.addedVariant])];
  const coupon = setup.coupon ?? null;
  return new OrderAggregate(em, {
    order,
    appliedPromotionIds,
    facts: {
      channel,
      configurationVersion: '1',
      customer: setup.customer === undefined ? aCustomerFacts() : setup.customer,
      variants: new Map(variants.map((variant) => [variant.id, variant])),
      promotionUsage: new Map(),
    },
    configuration: aConfiguration(setup.shop),
    coupon,
    couponCode: coupon?.code ?? null,
    shippingZone: setup.shippingZone ?? null,
    shipmentMethodCode: null,
    paymentMethodCode: null,
    addedVariantId: setup.addedVariant?.id ?? null,
  });
}

/** What a stored adjustment holds: the engine's fields, and whether it is locked. */
type StoredAdjustmentValues = EngineAdjustment & { locked?: boolean };

/**
 * Gives the owner (the order, a line or one of its units) a stored adjustment with an id, after its
 * others. The owner's array grows in place, as it was loaded: pricing that keeps it answers this very array.
 */
export function storeAdjustment(owner: Order | OrderItem | LineUnit, values: StoredAdjustmentValues): StoredAdjustment {
  const adjustment: StoredAdjustment = { id: nextId(), locked: false, ...values };
  owner.adjustments.push(adjustment);
  return adjustment;
}

/** Gives the order a stored shipment with the method (the first one also sets the aggregate's method code). */
export function storeShipment(aggregate: OrderAggregate, methodCode: string): Shipment {
  const method = aggregate.configuration.shippingMethodIds[methodCode];
  const shipment = stored(aggregate.em, Shipment, { order: aggregate.order, method, state: 'cart', tracking: null, createdAt: LOADED_AT, updatedAt: LOADED_AT });
  if (aggregate.shipments.length === 0) aggregate.shipmentMethodCode = methodCode;
  aggregate.order.shipments.add(shipment);
  return shipment;
}

/** Gives the order a stored payment (state `cart` unless told; the newest cart payment sets the aggregate's method code). */
export function storePayment(aggregate: OrderAggregate, methodCode: string | null, amount: number, state = 'cart'): Payment {
  const method = methodCode === null ? null : aggregate.configuration.paymentMethodIds[methodCode];
  const payment = stored(aggregate.em, Payment, { order: aggregate.order, method, currencyCode: aggregate.order.currencyCode, amount, state, createdAt: LOADED_AT, updatedAt: LOADED_AT });
  aggregate.order.payments.add(payment);
  if (state === 'cart') aggregate.paymentMethodCode = methodCode;
  return payment;
}
