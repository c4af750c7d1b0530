import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { completeCheckoutInTransaction, type CompleteCheckoutOptions } from '../commands/complete-checkout';
import type { PlacedOrder } from '../commands/place-order';

/** The checkout completion for the application: one transaction per cart. */
@Injectable()
export class CompleteCheckoutService {
  constructor(private readonly em: EntityManager) {}

  complete(cartId: number, options: CompleteCheckoutOptions = {}): Promise<PlacedOrder> {
    return completeCheckoutInTransaction(this.em, cartId, options);
  }
}
