import { inOrderTransaction, lockAndLoad, save, type OrderCommandContext } from '../write-path/write-path';
import { lineOf } from './cart-item-checks';

/** Removes a line from a cart, with its units and their adjustments. */
export function removeItem({ em, outbox }: OrderCommandContext, cartId: number, itemId: number | null): Promise<void> {
  return inOrderTransaction(em, async (tx) => {
    const cart = await lockAndLoad(tx, { cart: cartId });
    cart.removeItem(lineOf(cart, itemId));
    await save(tx, cart, outbox);
  });
}
