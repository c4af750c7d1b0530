import { LoadStrategy, LockMode, raw } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { badRequest, conflict, resourceNotFound } from '../../common/errors/api-error';
import { throwIfInvalid } from '../../common/forms/form-validation.exception';
import type { SubmittedForm } from '../../common/forms/validate-form';
import { Order } from '../entities/order.entity';
import type { ShipForm } from '../forms/ship.form';
import { ORDER_TRANSITIONS, resolveOrderState } from '../state-machines/order';
import { ORDER_PAYMENT_TRANSITIONS, resolveOrderPaymentState } from '../state-machines/order-payment';
import { ORDER_SHIPPING_TRANSITIONS, resolveOrderShippingState } from '../state-machines/order-shipping';
import { PAYMENT_TRANSITIONS } from '../state-machines/payment';
import { SHIPMENT_TRANSITIONS } from '../state-machines/shipment';
import { applyIfAllowed, applyTransition } from '../state-machines/transition-table';
import { changeInventory } from './inventory';

/** Cancel and payment completion refuse a wrong state with an empty 400, as the reference does. */
const transitionRefused = () => badRequest('');

/** The reference answers a ship in the wrong state with a 500; here it is a 409 with the same message. */
const shipRefusedMessage = (state: string): string =>
  `Transition "ship" cannot be applied on state "${state}" of object "Sylius\\Component\\Core\\Model\\Shipment" with graph "sylius_shipment"`;

type OrderGraph = 'payments' | 'shipments' | 'items.variant' | 'promotions' | 'promotionCoupon';

/**
 * Locks the order row (any state) until the transaction ends, then reads the parts the action needs.
 * Every order action starts here, so actions on one order run one after another and the later one sees
 * what the earlier one left. The graph is read by a second statement on purpose: a statement that waits
 * for the row lock sees the locked row as committed by the winner, but the joined rows (payments,
 * shipments, variants) as they were when it started waiting.
 */
async function lockOrder(tx: EntityManager, id: number, populate: readonly OrderGraph[]): Promise<Order | null> {
  // Kept out of the identity map, so the graph below is one joined statement rather than a refresh.
  const locked = await tx.findOne(Order, id, { fields: ['id'], lockMode: LockMode.PESSIMISTIC_WRITE, disableIdentityMap: true });
  if (locked === null) return null;
  return tx.findOne(Order, id, { populate, strategy: LoadStrategy.JOINED });
}

/** The order actions (cancel, ship a shipment, complete a payment), each in one transaction. */
@Injectable()
export class OrderActionsService {
  constructor(private readonly em: EntityManager) {}

  /**
   * Cancels a new order: its open payments and ready shipments are cancelled, held stock is released
   * (or, when the order was paid, sold stock given back) and the promotions and the coupon it used
   * get that use back.
   */
  async cancel(orderId: number): Promise<void> {
    await this.em.fork().transactional(async (tx) => {
      const order = await lockOrder(tx, orderId, ['payments', 'shipments', 'items.variant', 'promotions', 'promotionCoupon']);
      if (order === null) throw resourceNotFound('order');
      const state = applyTransition(ORDER_TRANSITIONS, order.state, 'cancel');
      if (state === null) throw transitionRefused();
      const paid = order.paymentState === 'paid' || order.paymentState === 'refunded';
      order.state = state;
      for (const payment of order.payments) payment.state = applyIfAllowed(PAYMENT_TRANSITIONS, payment.state, 'cancel');
      for (const shipment of order.shipments) shipment.state = applyIfAllowed(SHIPMENT_TRANSITIONS, shipment.state, 'cancel');
      order.paymentState = applyIfAllowed(ORDER_PAYMENT_TRANSITIONS, order.paymentState, 'cancel');
      order.shippingState = applyIfAllowed(ORDER_SHIPPING_TRANSITIONS, order.shippingState, 'cancel');
      await changeInventory(tx, order, paid ? 'giveBack' : 'release');
      // Usage counters are shared with every other order of the promotion: the decrement is done by the
      // UPDATE itself (which row-locks the counter until commit), so no concurrent change is lost and
      // no separate locking read is needed.
      for (const promotion of order.promotions) promotion.used = raw('used - 1');
      if (order.promotionCoupon !== null) order.promotionCoupon.used = raw('used - 1');
      await tx.flush();
    });
  }

  /** Ships a ready shipment of the order with its tracking code; the order is fulfilled when it is also paid. */
  async ship(orderId: number, shipmentId: number, form: SubmittedForm<ShipForm>): Promise<void> {
    await this.em.fork().transactional(async (tx) => {
      const order = await lockOrder(tx, orderId, ['shipments']);
      const shipment = order?.shipments.getItems().find((candidate) => candidate.id === shipmentId);
      if (order === null || shipment === undefined) throw resourceNotFound('shipment');
      throwIfInvalid(form.errors);
      const state = applyTransition(SHIPMENT_TRANSITIONS, shipment.state, 'ship');
      if (state === null) throw conflict(shipRefusedMessage(shipment.state));
      shipment.state = state;
      shipment.tracking = form.data.tracking || null;
      const shipping = resolveOrderShippingState(order.shippingState, order.shipments.getItems().map((candidate) => candidate.state));
      order.shippingState = shipping.state;
      if (shipping.applied === 'ship') order.state = resolveOrderState(order.state, order.paymentState, order.shippingState);
      await tx.flush();
    });
  }

  /** Completes a payment of the order; once the order is paid its stock is sold, and it is fulfilled when also shipped. */
  async completePayment(orderId: number, paymentId: number): Promise<void> {
    await this.em.fork().transactional(async (tx) => {
      const order = await lockOrder(tx, orderId, ['payments', 'items.variant']);
      const payment = order?.payments.getItems().find((candidate) => candidate.id === paymentId);
      if (order === null || payment === undefined) throw resourceNotFound('payment');
      const state = applyTransition(PAYMENT_TRANSITIONS, payment.state, 'complete');
      if (state === null) throw transitionRefused();
      payment.state = state;
      const payments = order.payments.getItems().map((candidate) => ({ state: candidate.state, amount: candidate.amount }));
      const resolved = resolveOrderPaymentState(order.paymentState, order.total, payments);
      order.paymentState = resolved.state;
      if (resolved.applied === 'pay') {
        await changeInventory(tx, order, 'sell');
        order.state = resolveOrderState(order.state, order.paymentState, order.shippingState);
      }
      await tx.flush();
    });
  }
}

