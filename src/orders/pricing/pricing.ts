import { Promotion } from '../../promotions/entities/promotion.entity';
import { PaymentMethod } from '../../payments/entities/payment-method.entity';
import { Payment } from '../../payments/entities/payment.entity';
import { Shipment } from '../../shipping/entities/shipment.entity';
import { ShippingMethod } from '../../shipping/entities/shipping-method.entity';
import { Adjustment } from '../domain/adjustment.entity';
import type { OrderAggregate } from '../domain/order-aggregate';
import type { OrderItemUnit } from '../domain/order-item-unit.entity';
import type { OrderItem } from '../domain/order-item.entity';
import type { Order } from '../domain/order.entity';
import { processOrder, type EngineAdjustment, type EngineCustomer, type EngineOrder, type EngineResult, type EngineShop } from './engine';
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

/** The owner of an adjustment: the order, a line or a unit. */
type AdjustmentOwner = Order | OrderItem | OrderItemUnit;

const ownerOf = (adjustment: Adjustment, order: Order): AdjustmentOwner => adjustment.orderItemUnit ?? adjustment.orderItem ?? order;

const sameAdjustment = (stored: Adjustment, made: EngineAdjustment): boolean =>
  !stored.locked &&
  stored.type === made.type &&
  stored.label === made.label &&
  stored.amount === made.amount &&
  stored.neutral === made.neutral &&
  stored.originCode === made.originCode;

/**
 * Each owner keeps its stored adjustments as long as they match what the engine made, in order; from
 * the first difference on, the stored ones go and the engine's are created. So an unchanged adjustment
 * keeps its id, and id order stays the engine's order.
 */
function applyAdjustments(aggregate: OrderAggregate, result: EngineResult): void {
  const { em, order } = aggregate;
  const stored = new Map<AdjustmentOwner, Adjustment[]>();
  for (const adjustment of aggregate.adjustments) {
    const owner = ownerOf(adjustment, order);
    stored.set(owner, [...(stored.get(owner) ?? []), adjustment]);
  }
  const current: Adjustment[] = [];
  const synchronise = (owner: AdjustmentOwner, made: EngineAdjustment[], link: Partial<Pick<Adjustment, 'order' | 'orderItem' | 'orderItemUnit'>>) => {
    const before = stored.get(owner) ?? [];
    stored.delete(owner);
    let kept = 0;
    while (kept < before.length && kept < made.length && sameAdjustment(before[kept], made[kept])) kept++;
    em.remove(before.slice(kept));
    current.push(...before.slice(0, kept));
    for (const adjustment of made.slice(kept)) {
      const { type, label, amount, neutral, originCode } = adjustment;
      current.push(em.create(Adjustment, { ...link, type, label, amount, neutral, originCode }));
    }
  };

  for (const itemResult of result.items) {
    const item = aggregate.items[itemResult.key as number];
    const units = aggregate.units.get(item) ?? [];
    synchronise(item, itemResult.adjustments, { orderItem: item });
    itemResult.units.forEach((unitResult, index) => synchronise(units[index], unitResult.adjustments, { orderItemUnit: units[index] }));
  }
  synchronise(order, result.adjustments, { order });
  // Adjustments of owners the engine did not price (none expected) go as well.
  for (const leftover of stored.values()) em.remove(leftover);
  aggregate.adjustments = current;
}

/**
 * The first shipment, with the chosen method (created when missing); none at all when nothing ships.
 * Answers the shipment every unit goes with: null when the shipments were removed, undefined when there
 * was none and is none.
 */
function applyShipment(aggregate: OrderAggregate, result: EngineResult): Shipment | null | undefined {
  const { em, order, configuration } = aggregate;
  if (result.shipment === null) {
    if (aggregate.shipments.length === 0) return undefined;
    em.remove(aggregate.shipments);
    aggregate.shipments.length = 0;
    aggregate.shipmentMethodCode = null;
    return null;
  }
  const methodId = configuration.shippingMethodIds[result.shipment.methodCode];
  if (methodId === undefined) throw new Error(`Shipping method ${result.shipment.methodCode} is not in the shop configuration`);
  let shipment = aggregate.shipments[0];
  if (shipment === undefined) {
    shipment = em.create(Shipment, { order, method: methodId, state: 'cart' });
    aggregate.shipments.push(shipment);
  } else if (shipment.method.id !== methodId) {
    shipment.method = em.getReference(ShippingMethod, methodId);
  }
  aggregate.shipmentMethodCode = result.shipment.methodCode;
  return shipment;
}

/** The newest cart payment, with the chosen method and the amount (created when missing); none when there is nothing to pay. */
function applyPayment(aggregate: OrderAggregate, result: EngineResult): void {
  const { em, order, configuration } = aggregate;
  const cartPayments = aggregate.cartPayments;
  if (result.payment === null) {
    em.remove(cartPayments);
    aggregate.payments = aggregate.payments.filter((payment) => !cartPayments.includes(payment));
    aggregate.paymentMethodCode = null;
    return;
  }
  const methodId = configuration.paymentMethodIds[result.payment.methodCode];
  if (methodId === undefined) throw new Error(`Payment method ${result.payment.methodCode} is not in the shop configuration`);
  const { amount, currencyCode } = result.payment;
  const payment = cartPayments.at(-1);
  if (payment === undefined) {
    aggregate.payments.push(em.create(Payment, { order, method: methodId, currencyCode, amount, state: 'cart' }));
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

/** Writes an engine result into the aggregate: totals, adjustments, shipment, payment, applied promotions. */
async function applyResult(aggregate: OrderAggregate, result: EngineResult): Promise<void> {
  const { order } = aggregate;
  const shipment = applyShipment(aggregate, result);
  for (const itemResult of result.items) {
    const item = aggregate.items[itemResult.key as number];
    if (item === undefined) throw new Error(`The engine priced an unknown line ${String(itemResult.key)}`);
    const units = aggregate.units.get(item) ?? [];
    if (units.length !== itemResult.units.length) throw new Error(`Line ${item.id} has ${units.length} units, the engine made ${itemResult.units.length}`);
    item.unitPrice = itemResult.unitPrice;
    item.unitsTotal = itemResult.unitsTotal;
    item.adjustmentsTotal = itemResult.adjustmentsTotal;
    item.total = itemResult.total;
    itemResult.units.forEach((unitResult, index) => {
      units[index].adjustmentsTotal = unitResult.adjustmentsTotal;
      if (shipment !== undefined && units[index].shipment !== shipment) units[index].shipment = shipment;
    });
  }
  applyAdjustments(aggregate, result);
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
export function shopOf(aggregate: OrderAggregate): EngineShop {
  return shopWith(aggregate.configuration, aggregate.facts.promotionUsage, aggregate.coupon);
}
