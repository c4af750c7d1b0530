import { inOrderTransaction, lockAndLoad, save, type OrderCommandContext } from '../write-path/write-path';
import { cancelOrder as cancelPlacedOrder } from './order-actions';
import { transitionRefused } from './order-action-errors';

/** Cancels a placed order (its payments, shipments, stock and promotion uses follow); a 400 when its state machine refuses. */
export function cancelOrder({ em, outbox }: OrderCommandContext, orderId: number): Promise<void> {
  return inOrderTransaction(em, async (tx) => {
    const order = await lockAndLoad(tx, { order: orderId, missing: 'order' });
    if (!(await cancelPlacedOrder(tx, order))) throw transitionRefused();
    await save(tx, order, outbox);
  });
}
