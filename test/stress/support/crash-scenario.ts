import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ApiClient, ApiResponse } from './api-client';
import { auditCartBody, auditStoredTotals, type CartBody } from './cart-audit';
import { InvariantLog } from './invariant-log';
import type { ServerProcess } from './server-process';
import { statusCounts, stressScale, type RunNumbers } from './stress-report';

/**
 * kill -9 of a server in the middle of a write storm, then a restart on the same database. A write is
 * acknowledged when its 2xx arrived before the kill; a request cut by the kill has an unknown outcome.
 * After the restart every acknowledged write must be there, every unknown one either fully there or
 * not at all, and every cart must satisfy its totals rules and match a fresh run of the pricing engine.
 */

export interface CrashTarget {
  database: 'server' | 'embedded';
  start(name: string): Promise<ServerProcess>;
  /** Checks right after the kill (e.g. the stale data-directory lock). */
  afterKill(killed: ServerProcess, log: InvariantLog): void;
  /** A connection for the stored-totals audit, opened after the restarted server has stopped. */
  openOrm(): Promise<{ em(): EntityManager; close(): Promise<void> }>;
}

const CUSTOMERS = ['oliver.queen@star-city.com', 'felicity.smoak@star-city.com', 'Joe@doe.com'];
/** Additions commute: the final quantity lies between the acknowledged sum and that plus the unknown ones. */
const ADD_VARIANTS = ['MUG_SW', 'MUG_LOTR', 'STICKER_PACK_10', 'T_SHIRT_STRIPES_M'];
/** Each writer owns one line and sets its quantity sequentially. */
const OWN_LINE_VARIANTS = ['BOOK_TYPESCRIPT_PAPERBACK', 'BOOK_POSTGRES_PAPERBACK', 'POSTER_LARGE', 'CAP_BLACK'];

type Outcome = 'acknowledged' | 'unknown';

interface Ledger {
  customers: Array<{ email: string; id?: number; outcome: Outcome }>;
  carts: Array<{ id: number }>;
  /** cart id → variant → quantities */
  adds: Map<number, Map<string, { acknowledged: number; unknown: number }>>;
  /** line id → the quantities sent, in order, with their outcome */
  sets: Map<number, Array<{ quantity: number; outcome: Outcome }>>;
  /** line id → its quantity when the storm started */
  initial: Map<number, number>;
  statuses: number[];
  networkErrors: number;
}

export async function runCrashScenario(target: CrashTarget): Promise<{ numbers: RunNumbers; violations: string[] }> {
  const started = Date.now();
  const scale = stressScale();
  const writers = Math.max(3, Math.round(12 * scale));
  const killAfter = Math.round(150 * scale);
  const log = new InvariantLog();
  const ledger: Ledger = { customers: [], carts: [], adds: new Map(), sets: new Map(), initial: new Map(), statuses: [], networkErrors: 0 };

  const before = await target.start('before the crash');
  const api = before.client;
  const carts: number[] = [];
  const ownLines: Array<{ cartId: number; lineId: number }> = [];
  try {
    for (const customer of CUSTOMERS) {
      const created = await api.request('POST', '/api/v1/carts/', { customer, channel: 'WEB', localeCode: 'en_US' });
      if (created.status !== 201) throw new Error(`cart set-up failed: ${created.status} ${created.text}`);
      const cartId = (created.body as { id: number }).id;
      carts.push(cartId);
      ledger.adds.set(cartId, new Map(ADD_VARIANTS.map((variant) => [variant, { acknowledged: 0, unknown: 0 }])));
    }
    for (let writer = 0; writer < writers; writer++) {
      const cartId = carts[writer % carts.length];
      const variant = OWN_LINE_VARIANTS[Math.floor(writer / carts.length) % OWN_LINE_VARIANTS.length];
      const added = await api.request('POST', `/api/v1/carts/${cartId}/items/`, { variant, quantity: 1 });
      if (added.status !== 201) throw new Error(`line set-up failed: ${added.status} ${added.text}`);
      const { id: lineId, quantity } = added.body as { id: number; quantity: number };
      ledger.initial.set(lineId, quantity);
      // Several writers may share a variant's line when there are more writers than lines: then the line is not "own".
      if (!ownLines.some((line) => line.lineId === lineId)) ledger.sets.set(lineId, []);
      ownLines.push({ cartId, lineId });
    }
  } catch (error) {
    await before.kill9();
    throw error;
  }

  let acknowledged = 0;
  let killing: Promise<void> | null = null;
  const killNow = (): Promise<void> => (killing ??= before.kill9());
  const tag = randomBytes(3).toString('hex');

  const send = async (request: () => Promise<ApiResponse>, onAck: (response: ApiResponse) => void, onUnknown: () => void): Promise<boolean> => {
    try {
      const response = await request();
      ledger.statuses.push(response.status);
      // Any 2xx that arrived was sent by the process before it died, so it counts as acknowledged.
      if (response.status >= 200 && response.status < 300) {
        onAck(response);
        acknowledged += 1;
        if (acknowledged >= killAfter) void killNow();
      }
      return true;
    } catch {
      ledger.networkErrors += 1;
      onUnknown();
      return false;
    }
  };

  const writer = async (index: number): Promise<void> => {
    const { cartId, lineId } = ownLines[index];
    const ownsLine = ownLines.findIndex((line) => line.lineId === lineId) === index;
    for (let step = 0; ; step++) {
      let alive: boolean;
      if (step % 5 === 0) {
        const email = `crash.${tag}.${index}.${step}@example.com`;
        const entry: Ledger['customers'][number] = { email, outcome: 'unknown' };
        ledger.customers.push(entry);
        alive = await send(
          () => api.request('POST', '/api/v1/customers/', { email, firstName: 'Crash', lastName: 'Test', gender: 'u' }),
          (response) => Object.assign(entry, { outcome: 'acknowledged', id: (response.body as { id: number }).id }),
          () => undefined,
        );
      } else if (step % 5 === 4 && ownsLine) {
        const quantity = ((index + step) % 7) + 1;
        const entry: { quantity: number; outcome: Outcome } = { quantity, outcome: 'unknown' };
        ledger.sets.get(lineId)!.push(entry);
        alive = await send(
          () => api.request(step % 2 === 0 ? 'PUT' : 'PATCH', `/api/v1/carts/${cartId}/items/${lineId}`, { quantity }),
          () => (entry.outcome = 'acknowledged'),
          () => undefined,
        );
      } else if (step % 23 === 11) {
        alive = await send(
          () => api.request('POST', '/api/v1/carts/', { customer: CUSTOMERS[index % CUSTOMERS.length], channel: 'WEB', localeCode: 'en_US' }),
          (response) => ledger.carts.push({ id: (response.body as { id: number }).id }),
          () => undefined,
        );
      } else {
        const variant = ADD_VARIANTS[(index + step) % ADD_VARIANTS.length];
        const quantity = (step % 3) + 1;
        const tally = ledger.adds.get(cartId)!.get(variant)!;
        alive = await send(
          () => api.request('POST', `/api/v1/carts/${cartId}/items/`, { variant, quantity }),
          () => (tally.acknowledged += quantity),
          () => (tally.unknown += quantity),
        );
      }
      if (!alive || killing !== null) return;
    }
  };

  const storm = Promise.all(Array.from({ length: writers }, (_, index) => writer(index)));
  const guard = setTimeout(() => void killNow(), 10 * 60_000);
  await storm;
  clearTimeout(guard);
  await killNow();
  target.afterKill(before, log);
  before.client.close();

  // Restart on the same database; a request to the dead process must not have left anything half-done.
  const after = await target.start('after the restart');
  const client: ApiClient = after.client;
  try {
    for (const customer of ledger.customers) {
      if (customer.outcome !== 'acknowledged') continue;
      const shown = await client.request('GET', `/api/v1/customers/${customer.id}`);
      log.equal([shown.status, (shown.body as { emailCanonical?: string } | undefined)?.emailCanonical], [200, customer.email], `acknowledged customer ${customer.id}`);
    }
    for (const cart of ledger.carts) log.equal((await client.request('GET', `/api/v1/carts/${cart.id}`)).status, 200, `acknowledged cart ${cart.id}`);

    const bodies: CartBody[] = [];
    for (const cartId of [...carts, ...ledger.carts.map((cart) => cart.id)]) {
      const shown = await client.request('GET', `/api/v1/carts/${cartId}`);
      if (shown.status !== 200) continue;
      const cart = shown.body as CartBody;
      bodies.push(cart);
      auditCartBody(cart, log);
    }
    for (const cart of bodies.filter((body) => carts.includes(body.id))) {
      const quantities = new Map(cart.items.map((line) => [line.variant.code, line.quantity]));
      for (const [variant, tally] of ledger.adds.get(cart.id)!) {
        const quantity = quantities.get(variant) ?? 0;
        log.check(
          quantity >= tally.acknowledged && quantity <= tally.acknowledged + tally.unknown,
          () => `cart ${cart.id} ${variant}: ${quantity}, acknowledged ${tally.acknowledged} (+ up to ${tally.unknown} unknown)`,
        );
      }
      for (const line of cart.items) {
        const sent = ledger.sets.get(line.id);
        if (!sent) continue;
        const lastAck = sent.map((entry) => entry.outcome).lastIndexOf('acknowledged');
        const allowed = [lastAck >= 0 ? sent[lastAck].quantity : ledger.initial.get(line.id), ...sent.slice(lastAck + 1).map((entry) => entry.quantity)];
        log.check(allowed.includes(line.quantity), () => `line ${line.id}: quantity ${line.quantity}, allowed ${JSON.stringify(allowed)}`);
      }
    }
    // The restarted server takes writes again.
    const again = await client.request('POST', `/api/v1/carts/${carts[0]}/items/`, { variant: ADD_VARIANTS[0], quantity: 1 });
    log.equal(again.status, 201, 'a write after the restart');
    // Every request of the storm is valid: anything but a 2xx or a cut connection is a failure.
    log.equal(ledger.statuses.filter((status) => status >= 300).length, 0, 'non-2xx answers during the storm');
  } finally {
    client.close();
    const code = await after.stop();
    log.equal(code, 0, 'graceful stop of the restarted server');
  }

  const orm = await target.openOrm();
  try {
    for (const cartId of [...carts, ...ledger.carts.map((cart) => cart.id)]) await auditStoredTotals(orm.em(), cartId, log);
  } finally {
    await orm.close();
  }

  const unknownCustomers = ledger.customers.filter((customer) => customer.outcome === 'unknown').length;
  const numbers: RunNumbers = {
    run: 'crash (kill -9 during a write storm)',
    database: target.database,
    requests: ledger.statuses.length + ledger.networkErrors,
    acknowledged,
    expectedRejections: 0,
    serverErrors: ledger.statuses.filter((status) => status >= 500).length,
    networkErrors: ledger.networkErrors,
    invariantChecks: log.checks,
    seconds: (Date.now() - started) / 1000,
    writers,
    unknownCustomers,
    statuses: JSON.stringify(statusCounts(ledger.statuses)),
  };
  return { numbers, violations: log.violations };
}
