import type { EntityManager } from '@mikro-orm/postgresql';
import { Adjustment } from '../domain/adjustment.entity';
import type { Order } from '../domain/order.entity';
import type { OrderItem } from '../domain/order-item.entity';
import type { OrderItemUnit } from '../domain/order-item-unit.entity';
import { Payment } from '../../payments/entities/payment.entity';
import { PaymentMethod } from '../../payments/entities/payment-method.entity';
import { Promotion } from '../../promotions/entities/promotion.entity';
import { PromotionCoupon } from '../../promotions/entities/promotion-coupon.entity';
import { Shipment } from '../../shipping/entities/shipment.entity';
import { ShippingMethod } from '../../shipping/entities/shipping-method.entity';
import type { EngineAdjustment, EngineResult } from './engine';
import type { OrderGraph } from './engine-input';
import type { ShopConfigurationSnapshot } from './load-shop-configuration';

/** The owner of an adjustment: the order, a line or a unit. */
export type AdjustmentOwner = Order | OrderItem | OrderItemUnit;

function ownerOf(adjustment: Adjustment, order: Order): AdjustmentOwner {
  return adjustment.orderItemUnit ?? adjustment.orderItem ?? order;
}

const sameAdjustment = (stored: Adjustment, made: EngineAdjustment): boolean =>
  !stored.locked &&
  stored.type === made.type &&
  stored.label === made.label &&
  stored.amount === made.amount &&
  stored.neutral === made.neutral &&
  stored.originCode === made.originCode;

export interface ApplyOptions {
  /** Set the order's coupon (null: none) along with the result. */
  couponId?: number | null;
}

/**
 * Applies an engine result to the loaded graph; the caller's flush writes it. Totals are set on the
 * order, its lines and units. Each owner's adjustments stay as stored as long as they match what the
 * engine made, in order; from the first difference on, the stored ones are removed and the engine's
 * created (so id order is the engine's order). The first shipment is kept with the chosen method
 * (created when missing, all removed when nothing ships) and every unit points at it; the newest cart
 * payment likewise; the applied promotions are set. Answers each owner's adjustments as they now are.
 */
export async function applyEngineResult(
  em: EntityManager,
  graph: OrderGraph,
  result: EngineResult,
  snapshot: ShopConfigurationSnapshot,
  options: ApplyOptions = {},
): Promise<Map<AdjustmentOwner, Adjustment[]>> {
  const { order } = graph;
  const stored = new Map<AdjustmentOwner, Adjustment[]>();
  for (const adjustment of graph.adjustments) {
    const owner = ownerOf(adjustment, order);
    stored.set(owner, [...(stored.get(owner) ?? []), adjustment]);
  }
  const current = new Map<AdjustmentOwner, Adjustment[]>();
  const synchronise = (owner: AdjustmentOwner, made: EngineAdjustment[], links: Partial<Pick<Adjustment, 'order' | 'orderItem' | 'orderItemUnit'>>) => {
    const before = stored.get(owner) ?? [];
    stored.delete(owner);
    let kept = 0;
    while (kept < before.length && kept < made.length && sameAdjustment(before[kept], made[kept])) kept++;
    em.remove(before.slice(kept));
    const created = made.slice(kept).map((adjustment) =>
      em.create(Adjustment, {
        ...links,
        type: adjustment.type,
        label: adjustment.label,
        amount: adjustment.amount,
        neutral: adjustment.neutral,
        originCode: adjustment.originCode,
      }),
    );
    current.set(owner, [...before.slice(0, kept), ...created]);
  };

  let shipment: Shipment | null | undefined;
  if (result.shipment !== null) {
    const methodId = snapshot.shippingMethodIds[result.shipment.methodCode];
    if (methodId === undefined) throw new Error(`Shipping method ${result.shipment.methodCode} is not in the shop configuration`);
    shipment = graph.shipments[0] ?? em.create(Shipment, { order, method: methodId, state: 'cart' });
    if (shipment.method.id !== methodId) shipment.method = em.getReference(ShippingMethod, methodId);
  } else if (graph.shipments.length > 0) {
    em.remove(graph.shipments);
    shipment = null;
  }

  for (const itemResult of result.items) {
    const item = graph.items[itemResult.key as number];
    if (item === undefined) throw new Error(`The engine priced an unknown line ${String(itemResult.key)}`);
    const units = graph.units.get(item) ?? [];
    if (units.length !== itemResult.units.length) throw new Error(`Line ${item.id} has ${units.length} units, the engine made ${itemResult.units.length}`);
    item.unitPrice = itemResult.unitPrice;
    item.unitsTotal = itemResult.unitsTotal;
    item.adjustmentsTotal = itemResult.adjustmentsTotal;
    item.total = itemResult.total;
    synchronise(item, itemResult.adjustments, { orderItem: item });
    itemResult.units.forEach((unitResult, index) => {
      const unit = units[index];
      unit.adjustmentsTotal = unitResult.adjustmentsTotal;
      if (shipment !== undefined && unit.shipment !== shipment) unit.shipment = shipment;
      synchronise(unit, unitResult.adjustments, { orderItemUnit: unit });
    });
  }
  synchronise(order, result.adjustments, { order });
  // Adjustments of owners the engine did not price (none expected) go as well.
  for (const leftover of stored.values()) em.remove(leftover);

  const payment = graph.cartPayments.at(-1);
  if (result.payment !== null) {
    const methodId = snapshot.paymentMethodIds[result.payment.methodCode];
    if (methodId === undefined) throw new Error(`Payment method ${result.payment.methodCode} is not in the shop configuration`);
    const { amount, currencyCode } = result.payment;
    if (payment === undefined) em.create(Payment, { order, method: methodId, currencyCode, amount, state: 'cart' });
    else {
      if (payment.method?.id !== methodId) payment.method = em.getReference(PaymentMethod, methodId);
      payment.amount = amount;
      payment.currencyCode = currencyCode;
    }
  } else if (graph.cartPayments.length > 0) {
    em.remove(graph.cartPayments);
  }

  const promotionIdOf = new Map(snapshot.shop.promotions.map((promotion, index) => [promotion.code, snapshot.promotionIds[index]]));
  const applied = result.appliedPromotionCodes.map((code) => promotionIdOf.get(code)).filter((id) => id !== undefined);
  const appliedSet = new Set(applied);
  const storedIds = new Set(graph.appliedPromotionIds);
  const dropped = graph.appliedPromotionIds.filter((id) => !appliedSet.has(id));
  const added = [...appliedSet].filter((id) => !storedIds.has(id));
  if (dropped.length > 0) {
    // Removing needs the collection's members; adding alone writes the new pivot rows without reading them.
    if (!order.promotions.isInitialized()) await order.promotions.init();
    order.promotions.set([...appliedSet].map((id) => em.getReference(Promotion, id)));
  } else if (added.length > 0) {
    order.promotions.add(added.map((id) => em.getReference(Promotion, id)));
  }

  if (options.couponId !== undefined) {
    order.promotionCoupon = options.couponId === null ? null : em.getReference(PromotionCoupon, options.couponId);
  }
  order.itemsTotal = result.itemsTotal;
  order.adjustmentsTotal = result.adjustmentsTotal;
  order.total = result.total;
  order.updatedAt = new Date();
  return current;
}
