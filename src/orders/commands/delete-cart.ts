import { Address } from '../../addressing/entities/address.entity';
import { inOrderTransaction, lockAndLoad, save, type OrderCommandContext } from '../write-path/write-path';

/** Removes a cart with its lines, payments and shipments, and the addresses it owns (not the customer's address book). */
export function deleteCart({ em, outbox }: OrderCommandContext, cartId: number): Promise<void> {
  return inOrderTransaction(em, async (tx) => {
    const cart = await lockAndLoad(tx, { cart: cartId });
    const own = [cart.order.shippingAddress, cart.order.billingAddress].filter((address) => address !== null);
    const ownAddresses = own.length === 0 ? [] : await tx.find(Address, { id: { $in: own.map((address) => address.id) }, customer: null });
    cart.discard(ownAddresses);
    await save(tx, cart, outbox);
  });
}
