import { LoadStrategy, LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { badRequest, conflict, resourceNotFound } from '../../common/errors/api-error';
import { OrderProcessingError } from '../pricing/engine';
import { loadOrderForProcessing, priceLoadedOrder, type OrderForProcessing } from '../pricing/order-processor';
import { Order } from '../domain/order.entity';
import { applyCheckout, checkoutTransitionRefused, resolveCheckoutSkips, type CheckoutStateName, type CheckoutTransition } from '../domain/state-machines/checkout-state-machine';
import { inWriteTransaction } from '../../database/write-transaction';

type OrderPopulate = 'shippingAddress' | 'billingAddress' | 'shipments' | 'payments';

/**
 * Runs one checkout step in a single transaction that starts by locking the order row (any state: a
 * placed order gets the wrong-state answer from the transition, not a 404), with the relations the step
 * changes. An unknown order is a 404; an order the shop cannot price rolls back with a 400.
 */
export async function changeCheckout<T>(em: EntityManager, orderId: number, populate: readonly OrderPopulate[], step: (tx: EntityManager, order: Order) => Promise<T>): Promise<T> {
  try {
    return await inWriteTransaction(em, async (tx) => {
      const order = await tx.findOne(Order, orderId, {
        populate: populate as OrderPopulate[],
        strategy: LoadStrategy.JOINED,
        lockMode: LockMode.PESSIMISTIC_WRITE,
        lockTableAliases: ['o0'],
      });
      if (order === null) throw resourceNotFound('order');
      return step(tx, order);
    });
  } catch (error) {
    if (error instanceof OrderProcessingError) throw badRequest(error.message);
    throw error;
  }
}

/** The state `transition` leads to; a transition the checkout does not allow is a 409 with the state machine's message. */
export function checkoutTransition(order: Order, transition: CheckoutTransition): CheckoutStateName {
  const next = applyCheckout(order.checkoutState, transition);
  if (next === null) throw conflict(checkoutTransitionRefused(transition, order.checkoutState));
  return next;
}

/**
 * Recomputes the order through the totals engine with the step's changes (taxes follow the new shipping
 * address's zone) and, with `resolveSkips`, passes over the shipping and payment steps when there is
 * nothing to choose: no line to ship, nothing to pay. Then one flush writes the step and the result.
 * `loaded` is the order as loaded for processing in this transaction (before or after the step's changes:
 * the engine reads the address and methods from the entities the step changed).
 */
export async function reprocessCheckout(tx: EntityManager, order: Order, resolveSkips: boolean, loaded?: OrderForProcessing, now: Date = new Date()): Promise<void> {
  const forProcessing = loaded ?? (await loadOrderForProcessing(tx, order.id));
  const { result } = await priceLoadedOrder(tx, forProcessing, now);
  if (resolveSkips) {
    const needs = { shippingRequired: forProcessing.input.items.some((item) => item.variant.shippingRequired), paymentRequired: result.total > 0 };
    order.checkoutState = resolveCheckoutSkips(order.checkoutState, needs);
  }
  await tx.flush();
}
