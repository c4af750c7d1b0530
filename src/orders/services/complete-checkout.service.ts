import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { completeCheckout, type CompleteCheckoutOptions } from '../commands/complete-checkout';
import type { PlacedOrder } from '../commands/place-order';
import { inWriteTransaction } from '../../database/write-transaction';

/** Completes a cart's checkout in a transaction of its own. */
export function completeCheckoutInTransaction(em: EntityManager, cartId: number, options: CompleteCheckoutOptions = {}): Promise<PlacedOrder> {
  return inWriteTransaction(em, (tx) => completeCheckout(tx, cartId, options));
}

/** The checkout completion for the application: one transaction per cart. */
@Injectable()
export class CompleteCheckoutService {
  constructor(private readonly em: EntityManager) {}

  complete(cartId: number, options: CompleteCheckoutOptions = {}): Promise<PlacedOrder> {
    return completeCheckoutInTransaction(this.em, cartId, options);
  }
}
