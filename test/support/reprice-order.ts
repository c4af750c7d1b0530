import type { EntityManager } from '@mikro-orm/postgresql';
import { loadOrder } from '../../src/orders/write-path/load-order';
import { Order } from '../../src/orders/domain/order.entity';
import { priceOrder } from '../../src/orders/pricing/pricing';

/** Prices any order again (placed ones too, which the product never does) and flushes, in the caller's transaction. */
export async function repriceOrder(tx: EntityManager, orderId: number): Promise<void> {
  const order = await loadOrder(tx, await tx.findOneOrFail(Order, orderId));
  await priceOrder(order);
  await tx.flush();
}
