import type { EntityManager } from '@mikro-orm/postgresql';
import { OrderItem } from '../domain/order-item.entity';
import { OrderItemUnit } from '../domain/order-item-unit.entity';
import type { OrderGraph } from './engine-input';

/*
 * Changes to the lines of a loaded order graph, made before it is processed: the processing flush
 * writes them together with the new totals. Every line has one unit per piece.
 */

/** The line holding the variant (the oldest one), else a new line for it; the variant must have been read with the graph. */
export function lineForVariant(tx: EntityManager, graph: OrderGraph, variantId: number): OrderItem {
  const line = graph.items.find((item) => item.variant.id === variantId);
  if (line !== undefined) return line;
  const added = tx.create(OrderItem, { order: graph.order, variant: variantId, quantity: 0 });
  graph.items.push(added);
  graph.units.set(added, []);
  return added;
}

/** Gives the line `quantity` units: new ones added, or the oldest removed (their adjustments go with them). */
export function setLineQuantity(tx: EntityManager, graph: OrderGraph, line: OrderItem, quantity: number): void {
  const units = graph.units.get(line) ?? [];
  while (units.length < quantity) units.push(tx.create(OrderItemUnit, { orderItem: line }));
  const removed = units.splice(0, Math.max(units.length - quantity, 0));
  tx.remove(removed);
  forgetCascaded(tx, graph, removed, []);
  graph.units.set(line, units);
  line.quantity = quantity;
}

/** Removes the line with its units and adjustments. */
export function removeLine(tx: EntityManager, graph: OrderGraph, line: OrderItem): void {
  tx.remove(line);
  forgetCascaded(tx, graph, [line], graph.units.get(line) ?? []);
  graph.items.splice(graph.items.indexOf(line), 1);
  graph.units.delete(line);
}

/**
 * The database deletes the units of a removed line and the adjustments of removed lines and units
 * (foreign keys cascade): the unit of work forgets them, so that it neither writes them nor unlinks them.
 */
function forgetCascaded(tx: EntityManager, graph: OrderGraph, removed: Array<OrderItem | OrderItemUnit>, cascadedUnits: OrderItemUnit[]): void {
  const owners = new Set<object>([...removed, ...cascadedUnits]);
  const cascaded = graph.adjustments.filter((adjustment) => owners.has(adjustment.orderItemUnit ?? adjustment.orderItem ?? graph.order));
  const unitOfWork = tx.getUnitOfWork();
  for (const entity of [...cascadedUnits, ...cascaded]) unitOfWork.unsetIdentity(entity);
  graph.adjustments = graph.adjustments.filter((adjustment) => !cascaded.includes(adjustment));
}
