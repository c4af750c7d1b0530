import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { Address } from '../../addressing/entities/address.entity';
import { conflict, resourceNotFound } from '../../common/errors/api-error';
import { Customer } from '../../customers/entities/customer.entity';
import { inWriteTransaction } from '../../database/write-transaction';
import { EventOutbox } from '../../events';
import { Order } from '../domain/order.entity';

export const HAS_PLACED_ORDERS = 'The customer has placed orders and cannot be deleted.';

@Injectable()
export class DeleteCustomerService {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: EventOutbox,
  ) {}

  /**
   * Deletes a customer who has placed no order, with the account, address book and carts (the
   * database cascades from the customer and its orders; cart addresses are rows of their own, so
   * they are removed here).
   */
  async delete(id: number): Promise<void> {
    await inWriteTransaction(this.em, async (tx) => {
      const customer = await tx.findOne(Customer, id, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (customer === null) throw resourceNotFound('customer');
      // Locking the orders keeps a cart from being checked out between this check and the delete.
      const orders = await tx.find(Order, { customer }, { fields: ['checkoutState', 'shippingAddress', 'billingAddress'], orderBy: { id: 'asc' }, lockMode: LockMode.PESSIMISTIC_WRITE });
      if (orders.some((order) => order.checkoutState !== 'cart')) throw conflict(HAS_PLACED_ORDERS);
      const addressIds = orders.flatMap((order) => [order.shippingAddress?.id, order.billingAddress?.id]).filter((addressId) => addressId !== undefined);
      if (addressIds.length > 0) {
        tx.remove(await tx.find(Address, { id: { $in: addressIds }, customer: null }, { fields: ['id'] }));
      }
      tx.remove(customer);
      await tx.flush();
      // The customer's carts go with them: each is a deleted cart, then the customer.
      for (const order of orders) await this.outbox.record(tx, { type: 'cart.deleted', data: { id: order.id } });
      await this.outbox.record(tx, { type: 'customer.deleted', data: { id } });
    });
  }
}
