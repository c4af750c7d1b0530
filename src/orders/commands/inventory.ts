import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ProductVariant, type StockShortfall } from '../../catalog/entities/product-variant.entity';
import { conflict } from '../../common/errors/api-error';
import type { OrderAggregate } from '../domain/order-aggregate';

/**
 * What a placed order does to the stock of its tracked variants (untracked ones are left alone):
 * - sell, when it is paid: the held units leave (on hold and on hand both go down);
 * - release, when an unpaid order is cancelled: the held units become available again;
 * - give back, when a paid order is cancelled: the sold units return to on hand.
 */
export type InventoryOperation = 'sell' | 'release' | 'giveBack';

const notEnough = (what: StockShortfall, name: string) =>
  conflict(`Not enough units to decrease ${what} quantity from the inventory of a variant "${name}".`);

/**
 * Locks the given variants in id order (so concurrent checkouts and actions never wait on each other in
 * a circle) and reads them under the lock: the order's lines then point at these current rows.
 */
export function lockVariants(tx: EntityManager, ids: readonly number[]): Promise<ProductVariant[]> {
  return tx.find(ProductVariant, { id: { $in: [...ids] } }, { orderBy: { id: 'asc' }, lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
}

/** The order's tracked pieces per variant id. */
export function trackedQuantities(order: OrderAggregate): Map<number, number> {
  const quantities = new Map<number, number>();
  for (const item of order.trackedItems) quantities.set(item.variant.id, (quantities.get(item.variant.id) ?? 0) + item.quantity);
  return quantities;
}

/**
 * Applies the operation to the order's tracked lines, locking their variants first; a count that would
 * go negative is a 409 and the caller's transaction rolls back.
 */
export async function changeInventory(tx: EntityManager, order: OrderAggregate, operation: InventoryOperation): Promise<void> {
  const quantities = trackedQuantities(order);
  if (quantities.size === 0) return;
  await lockVariants(tx, [...quantities.keys()]);
  applyInventoryChange(order, operation);
}

/** The operation on variants the caller's transaction has already locked (see changeInventory). */
export function applyInventoryChange(order: OrderAggregate, operation: InventoryOperation): void {
  const changed = new Set<ProductVariant>();
  for (const item of order.trackedItems) {
    const variant = item.variant;
    if (operation === 'giveBack') {
      variant.giveBack(item.quantity);
    } else {
      const short = operation === 'sell' ? variant.sell(item.quantity) : variant.release(item.quantity);
      if (short !== null) throw notEnough(short, item.variantName ?? variant.code);
    }
    changed.add(variant);
  }
  for (const variant of changed) variant.countStockChange();
}
