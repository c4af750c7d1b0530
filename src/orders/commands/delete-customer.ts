import { LockMode } from '@mikro-orm/core';
import { Address } from '../../addressing/entities/address.entity';
import { deleteReviewsOfAuthor } from '../../catalog/reviews/average-rating';
import { recordProductUpdated } from '../../catalog/reviews/review-events';
import { conflict, resourceNotFound } from '../../common/errors/api-error';
import { Customer } from '../../customers/entities/customer.entity';
import { Order } from '../domain/order.entity';
import { recordCartsDeleted } from '../write-path/order-events';
import { inOrderTransaction, type OrderCommandContext } from '../write-path/write-path';

export const HAS_PLACED_ORDERS = 'The customer has placed orders and cannot be deleted.';

/**
 * Deletes a customer who has placed no order, with the account, address book, carts and reviews: the customer row
 * first, then their orders (the lock order of src/database/lock-order.ts), so no cart can be checked out
 * between the check and the delete. The database cascades from the customer to the carts and their
 * lines; cart addresses are rows of their own, removed here. Each cart is a `cart.deleted`, each product
 * whose average rating moved a `product.updated`, then the customer a `customer.deleted`.
 */
export function deleteCustomer({ em, outbox }: OrderCommandContext, customerId: number): Promise<void> {
  return inOrderTransaction(em, async (tx) => {
    const customer = await tx.findOne(Customer, customerId, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (customer === null) throw resourceNotFound('customer');
    const orders = await tx.find(Order, { customer }, { fields: ['checkoutState', 'shippingAddress', 'billingAddress'], orderBy: { id: 'asc' }, lockMode: LockMode.PESSIMISTIC_WRITE });
    if (orders.some((order) => order.checkoutState !== 'cart')) throw conflict(HAS_PLACED_ORDERS);
    const addressIds = orders.flatMap((order) => [order.shippingAddress?.id, order.billingAddress?.id]).filter((addressId) => addressId !== undefined);
    if (addressIds.length > 0) tx.remove(await tx.find(Address, { id: { $in: addressIds }, customer: null }, { fields: ['id'] }));
    // Their reviews go too, and the average ratings that counted them are recomputed (products: level 4a).
    const rerated = await deleteReviewsOfAuthor(tx, customerId);
    tx.remove(customer);
    await tx.flush();
    await recordCartsDeleted(tx, outbox, orders.map((order) => order.id));
    for (const code of rerated) await recordProductUpdated(tx, outbox, code);
    await outbox.record(tx, { type: 'customer.deleted', data: { id: customerId } });
  });
}
