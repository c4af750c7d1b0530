import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { buildOrmOptions } from '../../../src/database/orm-options';
import { processOrder, type EngineAdjustment } from '../../../src/orders/pricing/engine';
import { loadOrder } from '../../../src/orders/write-path/load-order';
import { Order } from '../../../src/orders/domain/order.entity';
import { engineInputOf } from '../../../src/orders/pricing/pricing';
import { loadShopConfiguration } from '../../../src/orders/pricing/load-shop-configuration';
import type { InvariantLog } from './invariant-log';

interface Adjustment {
  amount: number;
}
interface Line {
  id: number;
  quantity: number;
  unitPrice: number;
  total: number;
  units: Array<{ id: number; adjustmentsTotal: number }>;
  unitsTotal: number;
  adjustmentsTotal: number;
  variant: { code: string };
}
export interface CartBody {
  id: number;
  items: Line[];
  itemsTotal: number;
  adjustments: Adjustment[];
  adjustmentsTotal: number;
  total: number;
}

const sum = (values: number[]): number => values.reduce((total, value) => total + value, 0);

/** The totals rules visible in a cart response: one unit per piece, and every total the floored sum of its parts. */
export function auditCartBody(cart: CartBody, log: InvariantLog): void {
  const where = `cart ${cart.id}`;
  for (const line of cart.items) {
    log.equal(line.units.length, line.quantity, `${where} line ${line.id} units`);
    log.equal(line.unitsTotal, sum(line.units.map((unit) => Math.max(0, line.unitPrice + unit.adjustmentsTotal))), `${where} line ${line.id} unitsTotal`);
    log.equal(line.total, Math.max(0, line.unitsTotal + line.adjustmentsTotal), `${where} line ${line.id} total`);
  }
  log.equal(cart.itemsTotal, sum(cart.items.map((line) => line.total)), `${where} itemsTotal`);
  log.equal(cart.total, Math.max(0, cart.itemsTotal + cart.adjustmentsTotal), `${where} total`);
}

type StoredAdjustment = Pick<EngineAdjustment, 'type' | 'label' | 'amount' | 'neutral' | 'originCode'>;
interface StoredUnit {
  id: number;
  adjustmentsTotal: number;
  adjustments: StoredAdjustment[];
}
interface StoredItem {
  id: number;
  quantity: number;
  unitPrice: number;
  unitsTotal: number;
  adjustmentsTotal: number;
  total: number;
  units: StoredUnit[];
  adjustments: StoredAdjustment[];
}
interface StoredOrder {
  itemsTotal: number;
  adjustmentsTotal: number;
  total: number;
  items: StoredItem[];
  adjustments: StoredAdjustment[];
  paymentAmount: number | null;
}

/**
 * The order as stored: totals, lines, units and adjustments at every level, in one read. Units and
 * adjustments are the JSON values the order and its lines keep, as they are (units in their stored order).
 */
async function loadStoredOrder(em: EntityManager, orderId: number): Promise<StoredOrder> {
  const [row] = await em.getConnection().execute<Array<{ order: StoredOrder }>>(
    `select json_build_object(
       'itemsTotal', o.items_total, 'adjustmentsTotal', o.adjustments_total, 'total', o.total,
       'adjustments', o.adjustments,
       'paymentAmount', (select p.amount from payment p where p.order_id = o.id and p.state = 'cart' order by p.id desc limit 1),
       'items', coalesce((select json_agg(json_build_object(
          'id', i.id, 'quantity', i.quantity, 'unitPrice', i.unit_price, 'unitsTotal', i.units_total,
          'adjustmentsTotal', i.adjustments_total, 'total', i.total,
          'adjustments', i.adjustments, 'units', i.units) order by i.id)
         from order_item i where i.order_id = o.id), '[]'::json)) as "order"
      from orders o where o.id = ?`,
    [orderId],
  );
  if (!row) throw new Error(`order ${orderId} does not exist`);
  return row.order;
}

const key = (a: StoredAdjustment): string => JSON.stringify([a.type, a.label, a.amount, a.neutral, a.originCode]);
const normalized = (adjustments: StoredAdjustment[]): string[] => adjustments.map(key).sort();

/**
 * Compares what is stored for a cart with a fresh run of the pricing engine (the pure function) over
 * the same database content, without writing anything: totals, unit prices, adjustments at every level,
 * the cart payment's amount; plus one unit per piece of quantity.
 */
export async function auditStoredTotals(em: EntityManager, orderId: number, log: InvariantLog, now = new Date()): Promise<void> {
  const where = `order ${orderId}`;
  const stored = await loadStoredOrder(em, orderId);
  const fork = em.fork();
  const loaded = await loadOrder(fork, await fork.findOneOrFail(Order, orderId));
  const shop = await loadShopConfiguration(em, loaded.facts.channel.id);
  const fresh = processOrder(engineInputOf(loaded), shop, now);
  // The engine keys a line by its position in the loaded aggregate.
  const lineIdOf = (key: unknown): number | undefined => loaded.items[key as number]?.id;

  log.equal(stored.itemsTotal, fresh.itemsTotal, `${where} itemsTotal`);
  log.equal(stored.adjustmentsTotal, fresh.adjustmentsTotal, `${where} adjustmentsTotal`);
  log.equal(stored.total, fresh.total, `${where} total`);
  log.equal(normalized(stored.adjustments), normalized(fresh.adjustments), `${where} adjustments`);
  log.equal(stored.paymentAmount, fresh.payment?.amount ?? null, `${where} cart payment amount`);
  log.equal(stored.items.map((item) => item.id), fresh.items.map((item) => lineIdOf(item.key)), `${where} lines`);
  for (const item of stored.items) {
    const expected = fresh.items.find((candidate) => lineIdOf(candidate.key) === item.id);
    if (!expected) continue;
    const line = `${where} line ${item.id}`;
    log.equal(item.units.length, item.quantity, `${line} units`);
    log.equal(item.unitPrice, expected.unitPrice, `${line} unitPrice`);
    log.equal(item.unitsTotal, expected.unitsTotal, `${line} unitsTotal`);
    log.equal(item.adjustmentsTotal, expected.adjustmentsTotal, `${line} adjustmentsTotal`);
    log.equal(item.total, expected.total, `${line} total`);
    log.equal(normalized(item.adjustments), normalized(expected.adjustments), `${line} adjustments`);
    item.units.forEach((unit, index) => {
      log.equal(unit.adjustmentsTotal, expected.units[index]?.adjustmentsTotal, `${line} unit ${unit.id} adjustmentsTotal`);
      log.equal(normalized(unit.adjustments), normalized(expected.units[index]?.adjustments ?? []), `${line} unit ${unit.id} adjustments`);
    });
  }
}

/** A MikroORM connection of its own, next to the servers (read-only use). */
export async function openOrm(clientUrl: string): Promise<{ em(): EntityManager; close(): Promise<void> }> {
  const orm = await MikroORM.init(buildOrmOptions({ clientUrl, poolSize: 2 }));
  return { em: () => orm.em.fork(), close: () => orm.close() };
}
