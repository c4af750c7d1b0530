import type { EntityManager } from '@mikro-orm/postgresql';
import type { OrderRow } from './order-rows';
import { ORDER_SELECT } from './order-sql';

// Same graph as the customer-orders page, where the ORM populate measured ~500x slower (2026-11-24).
/** Any order (carts included) with its whole graph, in one statement. */
export async function findOrder(em: EntityManager, id: number): Promise<OrderRow | null> {
  const [row] = await em.execute<OrderRow[]>(`${ORDER_SELECT} where o.id = ?`, [id]);
  return row ?? null;
}
