import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { EventOutbox } from '../../events';
import { completeCheckoutInTransaction, type CompleteCheckoutOptions } from '../commands/complete-checkout';
import type { PlacedOrder } from '../commands/place-order';

/** The checkout completion for the application: one transaction per cart. */
@Injectable()
export class CompleteCheckoutService {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: EventOutbox,
  ) {}

  complete(cartId: number, options: CompleteCheckoutOptions = {}): Promise<PlacedOrder> {
    return completeCheckoutInTransaction(this.em, this.outbox, cartId, options);
  }
}
