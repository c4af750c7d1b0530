import { Promotion } from '../../promotions/entities/promotion.entity';
import { PaymentMethod } from '../../payments/entities/payment-method.entity';
import { Payment } from '../../payments/entities/payment.entity';
import { Shipment } from '../../shipping/entities/shipment.entity';
import { ShippingMethod } from '../../shipping/entities/shipping-method.entity';
import type { OrderAggregate } from '../domain/order-aggregate';
import { UNASSIGNED_ID, type StoredAdjustment } from '../domain/order-values';
import { createZoneLookup, isCouponEligible, processOrder, type EngineAdjustment, type EngineShippingMethod, type EngineCustomer, type EngineOrder, type EngineResult, type EngineShop } from './engine';
import { calculateShippingCharge, supportedShippingMethods, type ShipmentSubject } from './engine/shipping';
import { shopWith } from './shop-configuration-cache';

/*
 * The pricing port: the pure totals engine (./engine) on one side, the order aggregate on the other.
 * priceOrder is the one way an order is priced; nothing here reads or writes the database (the
 * command's flush writes what it changed).
 */

/** The order's customer as the engine judges promotions and coupons by. */
export function engineCustomerOf({ facts }: OrderAggregate): EngineCustomer | null {
  const customer = facts.customer;
  return customer === null ? null : { id: customer.id, groupCodes: customer.groupCodes, placedOrdersCount: customer.placedOrders, couponUsage: customer.couponUsage };
}

/** The engine's input: the aggregate as it now is, with the facts read with it. */
export function engineInputOf(aggregate: OrderAggregate): EngineOrder {
  const { facts, order } = aggregate;
  const channel = facts.channel;
  return {
    channel: { code: channel.code, name: channel.name, taxCalculationStrategy: channel.taxCalculationStrategy, defaultTaxZoneCode: channel.defaultTaxZoneCode },
    currencyCode: order.currencyCode,
    items: aggregate.items.map((item, index) => {
      const variant = aggregate.variant(item.variant.id);
      return {
        key: index,
        quantity: item.quantity,
        variant: {
          code: variant.code,
          name: variant.name ?? variant.code,
          productCode: variant.productCode,
          productName: variant.productName,
          channelPrices: variant.price === null ? {} : { [channel.code]: variant.price },
          taxCategoryCode: variant.taxCategoryCode,
          shippingCategoryCode: variant.shippingCategoryCode,
          shippingRequired: variant.shippingRequired,
          productTaxonCodes: variant.taxonCodes,
        },
      };
    }),
    couponCode: aggregate.couponCode,
    shippingAddress: aggregate.shippingZone,
    customer: engineCustomerOf(aggregate),
    currentShipmentMethodCode: aggregate.shipmentMethodCode,
    currentPaymentMethodCode: aggregate.paymentMethodCode,
  };
}

const sameAdjustment = (stored: StoredAdjustment, made: EngineAdjustment): boolean =>
  !stored.locked &&
  stored.type === made.type &&
  stored.label === made.label &&
  stored.amount === made.amount &&
  stored.neutral === made.neutral &&
  stored.originCode === made.originCode;

/**
 * The adjustments an owner (the order, a line or a unit) gets from the engine: its stored ones are kept
 * as long as they match what the engine made, in order; from the first difference on, the engine's are
 * new (their ids are taken before the flush). So an unchanged adjustment keeps its id, and the stored
 * order stays the engine's order. Answers `stored` itself when nothing changed, which the flush then
 * leaves alone.
 */
function synchronised(stored: StoredAdjustment[], made: EngineAdjustment[]): StoredAdjustment[] {
  let kept = 0;
  while (kept < stored.length && kept < made.length && sameAdjustment(stored[kept], made[kept])) kept++;
  if (kept === stored.length && kept === made.length) return stored;
  const added = made.slice(kept).map(({ type, label, amount, neutral, originCode }) => ({ id: UNASSIGNED_ID, type, label, amount, neutral, locked: false, originCode }));
  return [...stored.slice(0, kept), ...added];
}

/**
 * The first shipment, with the chosen method (created when missing); none at all when nothing ships.
 * Every unit of the order goes with it, so a unit does not record it.
 */
function applyShipment(aggregate: OrderAggregate, result: EngineResult): void {
  const { em, order, configuration } = aggregate;
  if (result.shipment === null) {
    if (aggregate.shipments.length === 0) return;
    order.shipments.removeAll();
    aggregate.shipmentMethodCode = null;
    return;
  }
  const methodId = configuration.shippingMethodIds[result.shipment.methodCode];
  if (methodId === undefined) throw new Error(`Shipping method ${result.shipment.methodCode} is not in the shop configuration`);
  let shipment = aggregate.shipments[0];
  if (shipment === undefined) {
    shipment = em.create(Shipment, { order, method: methodId, state: 'cart' });
    order.shipments.add(shipment);
  } else if (shipment.method.id !== methodId) {
    shipment.method = em.getReference(ShippingMethod, methodId);
  }
  aggregate.shipmentMethodCode = result.shipment.methodCode;
}

/** The newest cart payment, with the chosen method and the amount (created when missing); none when there is nothing to pay. */
function applyPayment(aggregate: OrderAggregate, result: EngineResult): void {
  const { em, order, configuration } = aggregate;
  const cartPayments = aggregate.cartPayments;
  if (result.payment === null) {
    order.payments.remove(cartPayments);
    aggregate.paymentMethodCode = null;
    return;
  }
  const methodId = configuration.paymentMethodIds[result.payment.methodCode];
  if (methodId === undefined) throw new Error(`Payment method ${result.payment.methodCode} is not in the shop configuration`);
  const { amount, currencyCode } = result.payment;
  const payment = cartPayments.at(-1);
  if (payment === undefined) {
    order.payments.add(em.create(Payment, { order, method: methodId, currencyCode, amount, state: 'cart' }));
  } else {
    if (payment.method?.id !== methodId) payment.method = em.getReference(PaymentMethod, methodId);
    payment.amount = amount;
    payment.currencyCode = currencyCode;
  }
  aggregate.paymentMethodCode = result.payment.methodCode;
}

/** The promotions applied to the order become the engine's. */
async function applyPromotions(aggregate: OrderAggregate, result: EngineResult): Promise<void> {
  const { em, order, configuration } = aggregate;
  const idOf = new Map(configuration.shop.promotions.map((promotion, index) => [promotion.code, configuration.promotionIds[index]]));
  const applied = new Set(result.appliedPromotionCodes.map((code) => idOf.get(code)).filter((id) => id !== undefined));
  const stored = new Set(aggregate.appliedPromotionIds);
  const dropped = aggregate.appliedPromotionIds.some((id) => !applied.has(id));
  const added = [...applied].filter((id) => !stored.has(id));
  if (dropped) {
    // Removing needs the collection's members; adding alone writes the new rows without reading them.
    if (!order.promotions.isInitialized()) await order.promotions.init();
    order.promotions.set([...applied].map((id) => em.getReference(Promotion, id)));
  } else if (added.length > 0) {
    order.promotions.add(added.map((id) => em.getReference(Promotion, id)));
  }
  aggregate.appliedPromotionIds.splice(0, aggregate.appliedPromotionIds.length, ...[...applied].sort((a, b) => a - b));
}

/** Writes an engine result into the aggregate: totals, adjustments and units, shipment, payment, applied promotions. */
async function applyResult(aggregate: OrderAggregate, result: EngineResult): Promise<void> {
  const { order } = aggregate;
  applyShipment(aggregate, result);
  for (const itemResult of result.items) {
    const item = aggregate.items[itemResult.key as number];
    if (item === undefined) throw new Error(`The engine priced an unknown line ${String(itemResult.key)}`);
    if (item.units.length !== itemResult.units.length) throw new Error(`Line ${item.id} has ${item.units.length} units, the engine made ${itemResult.units.length}`);
    item.unitPrice = itemResult.unitPrice;
    item.unitsTotal = itemResult.unitsTotal;
    item.adjustmentsTotal = itemResult.adjustmentsTotal;
    item.total = itemResult.total;
    item.adjustments = synchronised(item.adjustments, itemResult.adjustments);
    item.units = item.units.map((unit, index) => {
      const { adjustments, adjustmentsTotal } = itemResult.units[index];
      const synced = synchronised(unit.adjustments, adjustments);
      return synced === unit.adjustments && adjustmentsTotal === unit.adjustmentsTotal ? unit : { id: unit.id, adjustmentsTotal, adjustments: synced };
    });
  }
  order.adjustments = synchronised(order.adjustments, result.adjustments);
  applyPayment(aggregate, result);
  await applyPromotions(aggregate, result);
  order.itemsTotal = result.itemsTotal;
  order.adjustmentsTotal = result.adjustmentsTotal;
  order.total = result.total;
  order.updatedAt = new Date();
}

/**
 * Prices the order as it now is through the engine and writes the result into it (nothing is flushed).
 * Throws the engine's OrderProcessingError when the shop cannot price it.
 */
export async function priceOrder(aggregate: OrderAggregate, now: Date = new Date()): Promise<EngineResult> {
  const result = processOrder(engineInputOf(aggregate), shopOf(aggregate), now);
  await applyResult(aggregate, result);
  aggregate.markPriced();
  return result;
}

/** The engine's shop for the order as it now is: its channel's configuration, the usage counters and coupon read with it. */
function shopOf(aggregate: OrderAggregate): EngineShop {
  return shopWith(aggregate.configuration, aggregate.facts.promotionUsage, aggregate.coupon);
}

/** Whether the coupon the order is loaded with may be applied to it now, by the engine's rules. */
export function isCouponEligibleFor(aggregate: OrderAggregate, now: Date = new Date()): boolean {
  return aggregate.coupon !== null && isCouponEligible(engineInputOf(aggregate), shopOf(aggregate), now);
}

/** A shipping method the order's shipment may use, and what it would charge. */
export interface ShippingQuote {
  method: EngineShippingMethod;
  /** What the method charges for the order's shipment (throws the engine's error when it has no amount for the channel). */
  price(): number;
}

/**
 * The methods the order's shipment may use, by the same rules as the totals engine: once addressed, the
 * channel's enabled methods for the address's zones, by position; before, every enabled method. The
 * shipment holds every unit of the order.
 */
export function shippingQuotes(aggregate: OrderAggregate): ShippingQuote[] {
  const input = engineInputOf(aggregate);
  const shop = shopOf(aggregate);
  const variants = [...new Map(input.items.map((item) => [item.variant.code, item.variant])).values()];
  const shipment: ShipmentSubject = { variants, unitCount: input.items.reduce((sum, item) => sum + item.quantity, 0) };
  const methods = supportedShippingMethods({ methods: shop.shippingMethods, zones: createZoneLookup(shop.zones), channel: input.channel, address: input.shippingAddress, shipment });
  return methods.map((method) => ({ method, price: () => calculateShippingCharge(method, input.channel, shipment) }));
}
