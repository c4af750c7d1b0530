import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ProductVariant } from '../../catalog/entities/product-variant.entity';
import { conflict } from '../../common/errors/api-error';
import type { Order } from '../entities/order.entity';

/**
 * What a placed order does to the stock of its tracked variants (untracked ones are left alone):
 * - sell, when it is paid: the held units leave (on hold and on hand both go down);
 * - release, when an unpaid order is cancelled: the held units become available again;
 * - give back, when a paid order is cancelled: the sold units return to on hand.
 */
export type InventoryOperation = 'sell' | 'release' | 'giveBack';

const notEnough = (what: 'on hold' | 'on hand', name: string) =>
  conflict(`Not enough units to decrease ${what} quantity from the inventory of a variant "${name}".`);

/**
 * Applies the operation to the order's lines (items with their variants loaded). The variants are
 * locked in id order (so concurrent operations never wait on each other in a circle) and re-read
 * under the lock; a count that would go negative is a 409 and the caller's transaction rolls back.
 */
export async function changeInventory(tx: EntityManager, order: Order, operation: InventoryOperation): Promise<void> {
  const lines = order.items.getItems().filter((item) => item.variant.tracked);
  if (lines.length === 0) return;
  const ids = [...new Set(lines.map((item) => item.variant.id))];
  await tx.find(ProductVariant, { id: { $in: ids } }, { orderBy: { id: 'asc' }, lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
  const changed = new Set<ProductVariant>();
  for (const item of lines) {
    const variant = item.variant;
    const name = item.variantName ?? variant.code;
    if (operation === 'giveBack') {
      variant.onHand += item.quantity;
    } else {
      if (variant.onHold < item.quantity) throw notEnough('on hold', name);
      variant.onHold -= item.quantity;
      if (operation === 'sell') {
        if (variant.onHand < item.quantity) throw notEnough('on hand', name);
        variant.onHand -= item.quantity;
      }
    }
    changed.add(variant);
  }
  for (const variant of changed) variant.version += 1;
}
