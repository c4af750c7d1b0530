import { resourceNotFound } from '../../common/errors/api-error';
import { inOrderTransaction, lockAndLoad, save, type OrderCommandContext } from '../write-path/write-path';
import { transitionRefused } from './order-action-errors';
import { completeOrderPayment } from './order-actions';

/** Completes a payment of a placed order; once the order is paid its stock is sold, and it is fulfilled when also shipped. */
export function completePayment({ em, outbox }: OrderCommandContext, orderId: number, paymentId: number): Promise<void> {
  return inOrderTransaction(em, async (tx) => {
    const order = await lockAndLoad(tx, { order: orderId, missing: 'payment' });
    const payment = order.payments.find((candidate) => candidate.id === paymentId);
    if (payment === undefined) throw resourceNotFound('payment');
    if (!(await completeOrderPayment(tx, order, payment))) throw transitionRefused();
    await save(tx, order, outbox);
  });
}
