import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { conflict, resourceNotFound } from '../../common/errors/api-error';
import { lockCustomer } from '../queries/customer-lookups';

export const HAS_PLACED_ORDERS = 'The customer has placed orders and cannot be deleted.';

@Injectable()
export class DeleteCustomerService {
  constructor(private readonly em: EntityManager) {}

  /**
   * Deletes a customer who has placed no order, with the account, address book and carts (the
   * database cascades from the customer and its orders; cart addresses are rows of their own).
   */
  async delete(id: number): Promise<void> {
    await this.em.fork().transactional(async (tx) => {
      if (!(await lockCustomer(tx, id))) throw resourceNotFound('customer');
      // Locking the orders keeps a cart from being checked out between this check and the delete.
      const orders = await tx.execute<Array<{ checkout_state: string }>>('select checkout_state from orders where customer_id = ? for update', [id]);
      if (orders.some((order) => order.checkout_state !== 'cart')) throw conflict(HAS_PLACED_ORDERS);
      await tx.execute(
        `delete from address where customer_id is null and id in (
           select shipping_address_id from orders where customer_id = ? union select billing_address_id from orders where customer_id = ?)`,
        [id, id],
      );
      await tx.execute('delete from customer where id = ?', [id]);
    });
  }
}
