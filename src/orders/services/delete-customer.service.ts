import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { EventOutbox } from '../../events';
import { deleteCustomer } from '../commands/delete-customer';

export { HAS_PLACED_ORDERS } from '../commands/delete-customer';

/** Deleting a customer takes their carts with them: the orders domain does it (../commands/delete-customer). */
@Injectable()
export class DeleteCustomerService {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: EventOutbox,
  ) {}

  delete(id: number): Promise<void> {
    return deleteCustomer({ em: this.em, outbox: this.outbox }, id);
  }
}
