import { Client } from 'pg';
import type { ApiClient, ApiResponse } from './support/api-client';
import { createDemoDatabase, type ScratchDatabase } from './support/scratch-database';
import { startServer, stopServers, type ServerProcess } from './support/server-process';
import { report, statusCounts, stressScale } from './support/stress-report';

/**
 * Two server processes on one PostgreSQL database race the checkout completion and the order actions,
 * each pair of requests split over both servers:
 * (a) one cart completed twice: one 204, the other the completion's wrong-state 409;
 * (b) a cancel racing a payment completion: the cancel always applies; the payment either went first
 *     (sold, then given back on hand) or meets a cancelled payment (the empty 400);
 * (c) a ship racing a cancel. On a paid order exactly one wins (shipping it fulfils the order, which
 *     can no longer be cancelled; cancelling it cancels the shipment). On an unpaid order the order
 *     stays `new` after the ship, so the cancel may follow it (the shipment stays shipped).
 * Every cart is walked through the API by its own new customer (SAVE10 is once per customer):
 * eight tote bags (tracked, and above big_spender's item total) with the coupon SAVE10, so both
 * promotions and the coupon count their use. The stock and usage counters are checked exactly after
 * each scenario; the rounds of a scenario run a few at a time, so the counter rows are contended too.
 */

const ROUNDS = 16 * stressScale();
/** Rounds in flight at once. */
const WAVE = 4;
const VARIANT = 'TOTE_BAG_NATURAL';
const QUANTITY = 8;
const PROMOTIONS = ['big_spender', 'ten_percent_coupon'];
const COUPON = 'SAVE10';

const ORDER_CLASS = 'Sylius\\Component\\Core\\Model\\Order';
const COMPLETE_REFUSED = {
  code: 409,
  message: `Transition "complete" cannot be applied on state "completed" of object "${ORDER_CLASS}" with graph "sylius_order_checkout"`,
};
const SHIP_REFUSED = {
  code: 409,
  message: 'Transition "ship" cannot be applied on state "cancelled" of object "Sylius\\Component\\Core\\Model\\Shipment" with graph "sylius_shipment"',
};
/** A cancel of an order that is no longer new, a payment completion of a cancelled payment. */
const EMPTY_400 = { code: 400, message: '' };

interface Counters {
  onHand: number;
  onHold: number;
  promotions: Record<string, number>;
  coupon: number;
}

interface OrderRow {
  state: string;
  payment_state: string;
  shipping_state: string;
  payments: string[];
  shipments: string[];
}

interface PlacedOrder {
  id: number;
  payment: number;
  shipment: number;
}

const answer = (response: ApiResponse) => ({ status: response.status, body: response.body });
const NO_CONTENT = { status: 204, body: undefined };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('checkout completions and order actions racing across two server processes', () => {
  let database: ScratchDatabase;
  let servers: ServerProcess[] = [];
  let db: Client;
  let customerCount = 0;
  const responses: ApiResponse[] = [];
  /** How often each side of the open races went first (for the report). */
  const outcomeCounts: Record<string, number> = {};
  const started = Date.now();

  beforeAll(async () => {
    database = await createDemoDatabase('checkoutraces');
    db = new Client({ connectionString: database.url });
    await db.connect();
    // The admin API cannot restock: give the variant and the coupon room for every round.
    await db.query(`update product_variant set on_hand = on_hand + 10000 where code = $1`, [VARIANT]);
    await db.query(`update promotion_coupon set usage_limit = usage_limit + 10000 where code = $1`, [COUPON]);
    servers = await Promise.all(['A', 'B'].map((name) => startServer(name, { DATABASE_URL: database.url, DB_POOL_SIZE: '8' })));
  });

  afterAll(async () => {
    await db?.end();
    await stopServers(servers, database);
  });

  const via = (index: number): ApiClient => servers[index % servers.length].client;
  /** The request through the API, kept for the no-5xx check and the report. */
  const send = async (client: ApiClient, method: string, path: string, payload?: unknown): Promise<ApiResponse> => {
    const response = await client.request(method, path, payload);
    responses.push(response);
    return response;
  };
  const expectStatus = async (client: ApiClient, method: string, path: string, payload: unknown, status: number): Promise<ApiResponse> => {
    const response = await send(client, method, path, payload);
    expect({ path, status: response.status, body: response.status === status ? undefined : response.body }).toEqual({ path, status, body: undefined });
    return response;
  };

  const counters = async (): Promise<Counters> => {
    const { rows } = await db.query<{ on_hand: number; on_hold: number; promotions: Record<string, number>; coupon: number }>(
      `select v.on_hand, v.on_hold,
              (select json_object_agg(code, used) from promotion where code = any($2)) as promotions,
              (select used from promotion_coupon where code = $3) as coupon
         from product_variant v where v.code = $1`,
      [VARIANT, PROMOTIONS, COUPON],
    );
    return { onHand: rows[0].on_hand, onHold: rows[0].on_hold, promotions: rows[0].promotions, coupon: rows[0].coupon };
  };
  const shifted = (base: Counters, change: { onHand?: number; onHold?: number; used?: number }): Counters => ({
    onHand: base.onHand + (change.onHand ?? 0),
    onHold: base.onHold + (change.onHold ?? 0),
    promotions: Object.fromEntries(PROMOTIONS.map((code) => [code, base.promotions[code] + (change.used ?? 0)])),
    coupon: base.coupon + (change.used ?? 0),
  });

  const orderRows = async (ids: number[]): Promise<Map<number, OrderRow>> => {
    const { rows } = await db.query<OrderRow & { id: number }>(
      `select o.id, o.state, o.payment_state, o.shipping_state,
              (select array_agg(p.state order by p.id) from payment p where p.order_id = o.id) as payments,
              (select array_agg(s.state order by s.id) from shipment s where s.order_id = o.id) as shipments
         from orders o where o.id = any($1)`,
      [ids],
    );
    return new Map(rows.map(({ id, ...row }) => [id, row]));
  };

  /** A cart of a new customer with the tote bags and the coupon, addressed, shipping and payment selected. */
  const prepareCart = async (round: number): Promise<number> => {
    const client = via(round);
    const email = `checkout.racer${customerCount++}@example.com`;
    await expectStatus(client, 'POST', '/api/v1/customers/', { email, firstName: 'Race', lastName: 'Checkout', gender: 'u' }, 201);
    const cart = await expectStatus(client, 'POST', '/api/v1/carts/', { customer: email, channel: 'WEB', localeCode: 'en_US' }, 201);
    const id = (cart.body as { id: number }).id;
    await expectStatus(client, 'POST', `/api/v1/carts/${id}/items/`, { variant: VARIANT, quantity: QUANTITY }, 201);
    await expectStatus(client, 'PUT', `/api/v1/carts/${id}`, { promotionCoupon: COUPON }, 204);
    const shippingAddress = { firstName: 'Race', lastName: 'Checkout', countryCode: 'US', provinceCode: 'US-NY', street: '5th Avenue 10', city: 'New York', postcode: '10001' };
    await expectStatus(client, 'PUT', `/api/v1/checkouts/addressing/${id}`, { shippingAddress }, 204);
    await expectStatus(client, 'PUT', `/api/v1/checkouts/select-shipping/${id}`, { shipments: [{ method: 'ups' }] }, 204);
    await expectStatus(client, 'PUT', `/api/v1/checkouts/select-payment/${id}`, { payments: [{ method: 'cash_on_delivery' }] }, 204);
    return id;
  };

  /** Carts for every round, a few at a time; both promotions must apply to each, or the counters test nothing. */
  const prepareCarts = async (): Promise<number[]> => {
    const ids: number[] = [];
    for (let first = 0; first < ROUNDS; first += WAVE) {
      ids.push(...(await Promise.all(Array.from({ length: Math.min(WAVE, ROUNDS - first) }, (_, offset) => prepareCart(first + offset)))));
    }
    const { rows } = await db.query<{ order_id: number; codes: string[] }>(
      `select op.order_id, array_agg(p.code order by p.code) as codes from order_promotion op join promotion p on p.id = op.promotion_id
        where op.order_id = any($1) group by op.order_id`,
      [ids],
    );
    expect(rows.map((row) => row.codes)).toEqual(ids.map(() => PROMOTIONS));
    return ids;
  };

  /** Completes the carts (and pays them if asked) and returns each order with its payment and shipment ids. */
  const placeOrders = async (ids: number[], paid: boolean): Promise<PlacedOrder[]> => {
    await Promise.all(ids.map((id, round) => expectStatus(via(round), 'PUT', `/api/v1/checkouts/complete/${id}`, undefined, 204)));
    const { rows } = await db.query<{ id: number; payment: number; shipment: number }>(
      `select o.id, (select p.id from payment p where p.order_id = o.id) as payment, (select s.id from shipment s where s.order_id = o.id) as shipment
         from orders o where o.id = any($1) order by o.id`,
      [ids],
    );
    if (paid) await Promise.all(rows.map((order, round) => expectStatus(via(round), 'PUT', `/api/v1/orders/${order.id}/payments/${order.payment}/complete`, undefined, 204)));
    return rows;
  };

  /** Runs `race` for every round, WAVE rounds at a time; the two requests of a round go to different servers. */
  const raceRounds = async <T, R>(items: T[], race: (item: T, first: ApiClient, second: ApiClient, round: number) => Promise<R>): Promise<R[]> => {
    const results: R[] = [];
    for (let first = 0; first < items.length; first += WAVE) {
      const wave = items.slice(first, first + WAVE);
      results.push(
        ...(await Promise.all(
          wave.map(async (item, offset) => {
            const round = first + offset;
            await pause(offset * 2);
            return race(item, via(round), via(round + 1), round);
          }),
        )),
      );
    }
    return results;
  };

  const pair = async (first: () => Promise<ApiResponse>, second: () => Promise<ApiResponse>): Promise<[ApiResponse, ApiResponse]> => {
    const [a, b] = await Promise.all([first(), second()]);
    return [a, b];
  };
  /** Sends both actions at once, alternating by round which is sent first and which server takes it; answers [one's, other's]. */
  type Action = (client: ApiClient) => () => Promise<ApiResponse>;
  const alternated = async (one: Action, other: Action, first: ApiClient, second: ApiClient, round: number): Promise<[ApiResponse, ApiResponse]> => {
    if (round % 2 === 0) return pair(one(first), other(second));
    const [otherAnswer, oneAnswer] = await pair(other(first), one(second));
    return [oneAnswer, otherAnswer];
  };

  it('(a) completes a cart raced by two completions exactly once', async () => {
    const ids = await prepareCarts();
    const before = await counters();
    const outcomes = await raceRounds(ids, (id, first, second) =>
      pair(
        () => send(first, 'PUT', `/api/v1/checkouts/complete/${id}`),
        () => send(second, 'PUT', `/api/v1/checkouts/complete/${id}`, { notes: 'Second completion.' }),
      ),
    );
    for (const [a, b] of outcomes) {
      const answers = [answer(a), answer(b)].sort((x, y) => x.status - y.status);
      expect(answers).toEqual([NO_CONTENT, { status: 409, body: COMPLETE_REFUSED }]);
    }
    const rows = await orderRows(ids);
    for (const id of ids) {
      expect(rows.get(id)).toEqual({ state: 'new', payment_state: 'awaiting_payment', shipping_state: 'ready', payments: ['new'], shipments: ['ready'] });
    }
    const { rows: numbers } = await db.query<{ count: string; distinct: string }>(
      'select count(*) as count, count(distinct number) as distinct from orders where id = any($1) and number is not null',
      [ids],
    );
    expect(numbers).toEqual([{ count: String(ROUNDS), distinct: String(ROUNDS) }]);
    // Each order holds its units and counts one use, however many completions it met.
    expect(await counters()).toEqual(shifted(before, { onHold: ROUNDS * QUANTITY, used: ROUNDS }));
  });

  it('(b) lets a cancel racing a payment completion apply, and moves stock and usage back exactly', async () => {
    const orders = await placeOrders(await prepareCarts(), false);
    const before = await counters();
    const outcomes = await raceRounds(orders, (order, first, second, round) => {
      const cancel = (client: ApiClient) => () => send(client, 'PUT', `/api/v1/orders/${order.id}/cancel`);
      const pay = (client: ApiClient) => () => send(client, 'PUT', `/api/v1/orders/${order.id}/payments/${order.payment}/complete`);
      return alternated(cancel, pay, first, second, round);
    });
    const rows = await orderRows(orders.map((order) => order.id));
    let paidFirst = 0;
    outcomes.forEach(([cancelled, paid], round) => {
      const row = rows.get(orders[round].id);
      expect(answer(cancelled)).toEqual(NO_CONTENT);
      if (paid.status === 204) {
        // The payment went first: the units were sold, and the cancel gave them back on hand.
        paidFirst++;
        expect(row).toEqual({ state: 'cancelled', payment_state: 'paid', shipping_state: 'cancelled', payments: ['completed'], shipments: ['cancelled'] });
      } else {
        // The cancel went first: the payment was cancelled with the order.
        expect(answer(paid)).toEqual({ status: 400, body: EMPTY_400 });
        expect(row).toEqual({ state: 'cancelled', payment_state: 'cancelled', shipping_state: 'cancelled', payments: ['cancelled'], shipments: ['cancelled'] });
      }
    });
    // Either way the held units are released (sold and given back, or just released) and the uses returned.
    expect(await counters()).toEqual(shifted(before, { onHold: -ROUNDS * QUANTITY, used: -ROUNDS }));
    outcomeCounts.paymentFirst = paidFirst;
  });

  it('(c) on a paid order, lets exactly one of a ship and a cancel win', async () => {
    const orders = await placeOrders(await prepareCarts(), true);
    const before = await counters();
    const outcomes = await raceRounds(orders, (order, first, second, round) => {
      const ship = (client: ApiClient) => () => send(client, 'PUT', `/api/v1/orders/${order.id}/shipments/${order.shipment}/ship`, { tracking: `RACE-${round}` });
      const cancel = (client: ApiClient) => () => send(client, 'PUT', `/api/v1/orders/${order.id}/cancel`);
      return alternated(ship, cancel, first, second, round);
    });
    const rows = await orderRows(orders.map((order) => order.id));
    let shippedFirst = 0;
    outcomes.forEach(([shipped, cancelled], round) => {
      const row = rows.get(orders[round].id);
      if (shipped.status === 204) {
        shippedFirst++;
        expect(answer(cancelled)).toEqual({ status: 400, body: EMPTY_400 });
        expect(row).toEqual({ state: 'fulfilled', payment_state: 'paid', shipping_state: 'shipped', payments: ['completed'], shipments: ['shipped'] });
      } else {
        expect(answer(shipped)).toEqual({ status: 409, body: SHIP_REFUSED });
        expect(answer(cancelled)).toEqual(NO_CONTENT);
        expect(row).toEqual({ state: 'cancelled', payment_state: 'paid', shipping_state: 'cancelled', payments: ['completed'], shipments: ['cancelled'] });
      }
    });
    // A fulfilled order keeps its sold units and its uses; a cancelled paid one gives both back.
    const cancelledFirst = ROUNDS - shippedFirst;
    expect(await counters()).toEqual(shifted(before, { onHand: cancelledFirst * QUANTITY, used: -cancelledFirst }));
    outcomeCounts.paidShipFirst = shippedFirst;
  });

  it('(c) on an unpaid order, lets the cancel apply after or instead of a racing ship', async () => {
    const orders = await placeOrders(await prepareCarts(), false);
    const before = await counters();
    const outcomes = await raceRounds(orders, (order, first, second, round) => {
      const ship = (client: ApiClient) => () => send(client, 'PUT', `/api/v1/orders/${order.id}/shipments/${order.shipment}/ship`, {});
      const cancel = (client: ApiClient) => () => send(client, 'PUT', `/api/v1/orders/${order.id}/cancel`);
      return alternated(ship, cancel, first, second, round);
    });
    const rows = await orderRows(orders.map((order) => order.id));
    let shippedFirst = 0;
    outcomes.forEach(([shipped, cancelled], round) => {
      const row = rows.get(orders[round].id);
      // An unpaid order stays new when shipped, so the cancel applies in both orders; a shipped shipment stays shipped.
      expect(answer(cancelled)).toEqual(NO_CONTENT);
      if (shipped.status === 204) {
        shippedFirst++;
        expect(row).toEqual({ state: 'cancelled', payment_state: 'cancelled', shipping_state: 'shipped', payments: ['cancelled'], shipments: ['shipped'] });
      } else {
        expect(answer(shipped)).toEqual({ status: 409, body: SHIP_REFUSED });
        expect(row).toEqual({ state: 'cancelled', payment_state: 'cancelled', shipping_state: 'cancelled', payments: ['cancelled'], shipments: ['cancelled'] });
      }
    });
    expect(await counters()).toEqual(shifted(before, { onHold: -ROUNDS * QUANTITY, used: -ROUNDS }));
    outcomeCounts.unpaidShipFirst = shippedFirst;
  });

  it('never answered a 5xx', () => {
    expect(responses.filter((response) => response.status >= 500).map(answer)).toEqual([]);
    const statuses = responses.map((response) => response.status);
    report({
      run: 'checkout-races',
      database: 'server',
      requests: responses.length,
      acknowledged: statuses.filter((status) => status < 300).length,
      expectedRejections: statuses.filter((status) => status >= 400 && status < 500).length,
      serverErrors: statuses.filter((status) => status >= 500).length,
      networkErrors: 0,
      invariantChecks: 4,
      seconds: (Date.now() - started) / 1000,
      statuses: JSON.stringify(statusCounts(statuses)),
      outcomes: JSON.stringify(outcomeCounts),
    });
  });
});
