import type { EntityManager } from '@mikro-orm/postgresql';
import { countUses } from '../../database/lock-order';
import type { Payment } from '../../payments/entities/payment.entity';
import type { Shipment } from '../../shipping/entities/shipment.entity';
import type { OrderAggregate } from '../domain/order-aggregate';
import type { OrderPaymentTransition } from '../domain/state-machines/order-payment';
import type { OrderShippingTransition } from '../domain/state-machines/order-shipping';
import { applyInventoryChange, changeInventory } from './inventory';

/*
 * The order actions' rules, on an order loaded through its write path (lockAndLoad) inside the caller's
 * transaction `tx`: each checks its state machine, then changes the entities without flushing. They
 * answer false when the machine refuses the transition (nothing is changed then), so the API and the
 * fixtures can each word the refusal their own way. The API's OrderActionsService and the fixtures'
 * order states both come here.
 */

/**
 * The order's payment state after its payments changed; once the order becomes paid its held stock is
 * sold; `variantsLocked` when the caller's
 * transaction already holds the lock on them (and has changed them). Returns the transition applied.
 */
export async function resolveOrderPayment(tx: EntityManager, order: OrderAggregate, variantsLocked = false): Promise<OrderPaymentTransition | null> {
  const applied = order.order.resolvePaymentState();
  if (applied === 'pay') {
    if (variantsLocked) applyInventoryChange(order, 'sell');
    else await changeInventory(tx, order, 'sell');
  }
  return applied;
}

/** The order's shipping state after its shipments changed; returns the transition applied. */
export function resolveOrderShipping(order: OrderAggregate): OrderShippingTransition | null {
  return order.order.resolveShippingState();
}

/** Paid and shipped: the order is fulfilled (when its state allows it). */
export function resolveOrderFulfilment({ order }: OrderAggregate): void {
  order.resolveFulfilment();
}

/**
 * Cancels a new order: its open payments and ready shipments are cancelled, held stock is released
 * (or, when the order was paid, sold stock given back) and the promotions and the coupon it used get
 * that use back.
 */
export async function cancelOrder(tx: EntityManager, aggregate: OrderAggregate): Promise<boolean> {
  const { order } = aggregate;
  // A paid order gives its sold units back; an unpaid one releases what it held.
  const paid = order.paymentState === 'paid' || order.paymentState === 'refunded';
  if (!order.cancel()) return false;
  // The uses go back before the variants are locked: the lock order of src/database/lock-order.ts.
  await countUses(tx, -1, order.promotionCoupon?.id ?? null, aggregate.appliedPromotionIds);
  await changeInventory(tx, aggregate, paid ? 'giveBack' : 'release');
  return true;
}

/** Ships a shipment of the order with its tracking code; the order is fulfilled when it is also paid. */
export function shipShipment(order: OrderAggregate, shipment: Shipment, tracking: string | null): boolean {
  if (!shipment.ship(tracking)) return false;
  if (resolveOrderShipping(order) === 'ship') resolveOrderFulfilment(order);
  return true;
}

/**
 * Completes a payment of the order; once the order is paid its stock is sold, and it is fulfilled when
 * also shipped.
 */
export async function completeOrderPayment(tx: EntityManager, order: OrderAggregate, payment: Payment): Promise<boolean> {
  if (!payment.complete()) return false;
  if ((await resolveOrderPayment(tx, order)) === 'pay') resolveOrderFulfilment(order);
  return true;
}
