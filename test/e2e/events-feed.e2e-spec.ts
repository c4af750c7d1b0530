import { MikroORM } from '@mikro-orm/postgresql';
import type { LightMyRequestResponse } from 'fastify';
import type { IdMap } from '../../src/fixtures';
import type { EventType } from '../../src/events';
import { purgeExpiredEvents } from '../../src/events/event-retention';
import { sql } from '../support/cart-expectations';
import { AUTH, JSON_AUTH, loadShop } from '../support/cart-fixtures';
import { json, startTestApp, type TestApp } from '../support/test-app';

/** A shop to walk every event type through the API: EU, UPS, cash on delivery, a tracked mug. */
const SHOP_YAML = `
locales: [en_US]
currencies: [EUR]
countries: [NL]
zones: [{code: EU, name: European Union, type: country, members: [NL]}]
channels: [{code: CHANNEL, name: Channel, baseCurrency: EUR, defaultLocale: en_US}]
shippingMethods: [{code: UPS, name: UPS, zone: EU, calculator: flat_rate, configuration: {CHANNEL: {amount: 1000}}, channels: [CHANNEL]}]
paymentMethods: [{code: cod, name: Cash on delivery, channels: [CHANNEL]}]
products:
  - code: MUG
    name: Mug
    variants:
      - {code: MUG_SW, name: Star wars mug, tracked: true, onHand: 10, channelPricings: {CHANNEL: 2000}}
customers:
  - {email: oliver.queen@star-city.com, firstName: Oliver, lastName: Queen}
`;

const ADDRESS = { firstName: 'Vincent', lastName: 'van Gogh', street: 'Post-Impressionism St.', countryCode: 'NL', city: 'Groot Zundert', postcode: '88-888' };
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+0000$/;

interface Envelope {
  id: string;
  sequence: number;
  type: string;
  timestamp: string;
  data: unknown;
}

describe('event feed', () => {
  let t: TestApp;
  let ids: IdMap;
  /** The feed's cursor before the test's own changes. */
  let start: number;

  beforeAll(async () => {
    t = await startTestApp();
    ids = await loadShop(t, SHOP_YAML);
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    start = await lastSequence();
  });

  const get = (url: string) => t.inject({ method: 'GET', url, headers: AUTH });
  const send = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    t.inject({ method, url, headers: payload === undefined ? AUTH : JSON_AUTH, ...(payload !== undefined && { payload: JSON.stringify(payload) }) });
  const lastSequence = async () => Number((await sql<{ last: string }>(t, 'select last_sequence as last from event_counter'))[0].last);

  /** The events written since the test began, in feed order, each with the raw JSON text of its `data` as the feed's GET of one event answers it. */
  async function newEvents(): Promise<Array<Envelope & { dataText: string }>> {
    const page = await get(`/api/v1/events/?after=${start}&limit=500`);
    expect(page.statusCode).toBe(200);
    const items = (json(page) as { _embedded: { items: Envelope[] } })._embedded.items;
    return Promise.all(
      items.map(async (item) => {
        const one = await get(`/api/v1/events/${item.sequence}`);
        expect(one.statusCode).toBe(200);
        return { ...item, dataText: dataTextOf(one) };
      }),
    );
  }

  /** The text of `data` inside an envelope: the envelope writes it last. */
  function dataTextOf(response: LightMyRequestResponse): string {
    const marker = ',"data":';
    const at = response.body.indexOf(marker);
    expect(at).toBeGreaterThan(0);
    expect(response.body.endsWith('}')).toBe(true);
    return response.body.slice(at + marker.length, -1);
  }

  /** The body of a GET, as text. */
  async function shown(url: string): Promise<string> {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    return response.body;
  }

  function expectEnvelopes(events: Envelope[], types: string[]): void {
    expect(events.map((event) => event.type)).toEqual(types);
    events.forEach((event, index) => {
      expect(event.sequence).toBe(start + index + 1);
      expect(event.id).toBe(`evt_${String(event.sequence).padStart(12, '0')}`);
      expect(event.timestamp).toMatch(TIMESTAMP);
      expect(Object.keys(event).filter((key) => key !== 'dataText')).toEqual(['id', 'sequence', 'type', 'timestamp', 'data']);
    });
  }

  const newCart = async () => {
    const created = await send('POST', '/api/v1/carts/', { customer: 'oliver.queen@star-city.com', channel: 'CHANNEL', localeCode: 'en_US' });
    expect(created.statusCode).toBe(201);
    return (json(created) as { id: number }).id;
  };
  const addMug = async (cart: number, quantity = 1) => expect((await send('POST', `/api/v1/carts/${cart}/items/`, { variant: 'MUG_SW', quantity })).statusCode).toBe(201);
  /** A cart with a mug, walked through the checkout steps to payment, without looking at the events. */
  async function readyToComplete(): Promise<number> {
    const cart = await newCart();
    await addMug(cart);
    expect((await send('PUT', `/api/v1/checkouts/addressing/${cart}`, { shippingAddress: ADDRESS })).statusCode).toBe(204);
    expect((await send('PUT', `/api/v1/checkouts/select-shipping/${cart}`, { shipments: [{ method: 'UPS' }] })).statusCode).toBe(204);
    expect((await send('PUT', `/api/v1/checkouts/select-payment/${cart}`, { payments: [{ method: 'cod' }] })).statusCode).toBe(204);
    return cart;
  }
  async function placed(): Promise<{ order: number; payment: number; shipment: number }> {
    const order = await readyToComplete();
    expect((await send('PUT', `/api/v1/checkouts/complete/${order}`)).statusCode).toBe(204);
    const [payment] = await sql<{ id: number }>(t, 'select id from payment where order_id = ?', [order]);
    const [shipment] = await sql<{ id: number }>(t, 'select id from shipment where order_id = ?', [order]);
    start = await lastSequence();
    return { order, payment: payment.id, shipment: shipment.id };
  }

  describe('each event carries what the resource GET answers right after the change, byte for byte', () => {
    it('cart.created, cart.updated (items, coupon, checkout steps), cart.deleted', async () => {
      const cart = await newCart();
      let events = await newEvents();
      expectEnvelopes(events, ['cart.created']);
      expect(events[0].dataText).toBe(await shown(`/api/v1/carts/${cart}`));

      start = await lastSequence();
      await addMug(cart, 2);
      events = await newEvents();
      expectEnvelopes(events, ['cart.updated']);
      expect(events[0].dataText).toBe(await shown(`/api/v1/carts/${cart}`));

      start = await lastSequence();
      const [line] = await sql<{ id: number }>(t, 'select id from order_item where order_id = ?', [cart]);
      expect((await send('PATCH', `/api/v1/carts/${cart}/items/${line.id}`, { quantity: 3 })).statusCode).toBe(204);
      expect((await send('PUT', `/api/v1/carts/${cart}`, { promotionCoupon: null })).statusCode).toBe(204);
      events = await newEvents();
      expectEnvelopes(events, ['cart.updated', 'cart.updated']);
      expect(events[1].dataText).toBe(await shown(`/api/v1/carts/${cart}`));
      expect((JSON.parse(events[0].dataText) as { items: Array<{ quantity: number }> }).items[0].quantity).toBe(3);

      // A checkout step: the cart then leaves GET /carts/{id}; its event keeps the cart's shape, with the new checkout state.
      start = await lastSequence();
      const beforeStep = JSON.parse(await shown(`/api/v1/carts/${cart}`)) as Record<string, unknown>;
      expect((await send('PUT', `/api/v1/checkouts/addressing/${cart}`, { shippingAddress: ADDRESS })).statusCode).toBe(204);
      events = await newEvents();
      expectEnvelopes(events, ['cart.updated']);
      const afterStep = JSON.parse(events[0].dataText) as Record<string, unknown>;
      expect(Object.keys(afterStep)).toEqual(Object.keys(beforeStep));
      expect(afterStep).toEqual({ ...beforeStep, checkoutState: 'addressed' });

      const other = await newCart();
      start = await lastSequence();
      expect((await send('DELETE', `/api/v1/carts/${other}`)).statusCode).toBe(204);
      events = await newEvents();
      expectEnvelopes(events, ['cart.deleted']);
      expect(events[0].dataText).toBe(`{"id":${other}}`);
    });

    it('order.placed by the checkout completion', async () => {
      const cart = await readyToComplete();
      start = await lastSequence();
      expect((await send('PUT', `/api/v1/checkouts/complete/${cart}`)).statusCode).toBe(204);
      const events = await newEvents();
      expectEnvelopes(events, ['order.placed']);
      expect(events[0].dataText).toBe(await shown(`/api/v1/orders/${cart}`));
      expect(JSON.parse(events[0].dataText)).toMatchObject({ id: cart, state: 'new', checkoutState: 'completed' });
    });

    it('payment.completed, shipment.shipped, and order.fulfilled after the change that fulfils', async () => {
      const first = await placed();
      expect((await send('PUT', `/api/v1/orders/${first.order}/payments/${first.payment}/complete`)).statusCode).toBe(204);
      let events = await newEvents();
      expectEnvelopes(events, ['payment.completed']);
      expect(events[0].dataText).toBe(await shown(`/api/v1/orders/${first.order}`));

      start = await lastSequence();
      expect((await send('PUT', `/api/v1/orders/${first.order}/shipments/${first.shipment}/ship`, { tracking: 'TRACK-1' })).statusCode).toBe(204);
      events = await newEvents();
      expectEnvelopes(events, ['shipment.shipped', 'order.fulfilled']);
      const fulfilled = await shown(`/api/v1/orders/${first.order}`);
      expect(events.map((event) => event.dataText)).toEqual([fulfilled, fulfilled]);
      expect(JSON.parse(fulfilled)).toMatchObject({ state: 'fulfilled' });

      // Shipped first, then paid and thereby fulfilled: payment.completed, then order.fulfilled.
      const second = await placed();
      expect((await send('PUT', `/api/v1/orders/${second.order}/shipments/${second.shipment}/ship`)).statusCode).toBe(204);
      start = await lastSequence();
      expect((await send('PUT', `/api/v1/orders/${second.order}/payments/${second.payment}/complete`)).statusCode).toBe(204);
      events = await newEvents();
      expectEnvelopes(events, ['payment.completed', 'order.fulfilled']);
      const paid = await shown(`/api/v1/orders/${second.order}`);
      expect(events.map((event) => event.dataText)).toEqual([paid, paid]);
    });

    it('order.cancelled', async () => {
      const { order } = await placed();
      expect((await send('PUT', `/api/v1/orders/${order}/cancel`)).statusCode).toBe(204);
      const events = await newEvents();
      expectEnvelopes(events, ['order.cancelled']);
      expect(events[0].dataText).toBe(await shown(`/api/v1/orders/${order}`));
    });

    it('customer.created, customer.updated (none for a PATCH that changes nothing), customer.deleted with their carts', async () => {
      const created = await send('POST', '/api/v1/customers/', { email: 'roy.harper@star-city.com', firstName: 'Roy', lastName: 'Arsenal', gender: 'm', user: { plainPassword: 'secret12', enabled: true } });
      expect(created.statusCode).toBe(201);
      const id = (json(created) as { id: number }).id;
      let events = await newEvents();
      expectEnvelopes(events, ['customer.created']);
      expect(events[0].dataText).toBe(await shown(`/api/v1/customers/${id}`));
      expect(events[0].dataText).toBe(created.body);

      start = await lastSequence();
      expect((await send('PATCH', `/api/v1/customers/${id}`, { firstName: 'Roy' })).statusCode).toBe(204);
      expect(await newEvents()).toEqual([]);
      expect((await send('PATCH', `/api/v1/customers/${id}`, { lastName: 'Harper' })).statusCode).toBe(204);
      expect((await send('PUT', `/api/v1/customers/${id}`, { email: 'roy.harper@star-city.com', firstName: 'Roy', lastName: 'Harper', gender: 'f' })).statusCode).toBe(204);
      events = await newEvents();
      expectEnvelopes(events, ['customer.updated', 'customer.updated']);
      expect(JSON.parse(events[0].dataText)).toMatchObject({ lastName: 'Harper', gender: 'm' });
      expect(events[1].dataText).toBe(await shown(`/api/v1/customers/${id}`));

      const cart = (json(await send('POST', '/api/v1/carts/', { customer: 'roy.harper@star-city.com', channel: 'CHANNEL', localeCode: 'en_US' })) as { id: number }).id;
      start = await lastSequence();
      expect((await send('DELETE', `/api/v1/customers/${id}`)).statusCode).toBe(204);
      events = await newEvents();
      expectEnvelopes(events, ['cart.deleted', 'customer.deleted']);
      expect(events.map((event) => event.dataText)).toEqual([`{"id":${cart}}`, `{"id":${id}}`]);
    });
  });

  describe('a change that does not commit leaves no event', () => {
    it('a refused request writes none', async () => {
      const cart = await newCart();
      start = await lastSequence();
      expect((await send('POST', `/api/v1/carts/${cart}/items/`, { variant: 'MUG_SW', quantity: 11 })).statusCode).toBe(400);
      expect((await send('PUT', `/api/v1/orders/${cart}/cancel`)).statusCode).toBe(400);
      expect(await newEvents()).toEqual([]);
      expect(await lastSequence()).toBe(start);
    });

    it('the change and its event commit together: when writing the event fails, the change rolls back too', async () => {
      const [oliver] = await sql<{ id: number }>(t, `select id from customer where email = 'oliver.queen@star-city.com'`);
      await t.em().getConnection().execute(`create function refuse_event() returns trigger language plpgsql as $$ begin raise exception 'no events today'; end $$`);
      await t.em().getConnection().execute(`create trigger refuse_event before insert on event for each row execute function refuse_event()`);
      try {
        const refused = await send('PATCH', `/api/v1/customers/${oliver.id}`, { firstName: 'Ollie' });
        expect(refused.statusCode).toBe(500);
      } finally {
        await t.em().getConnection().execute(`drop trigger refuse_event on event; drop function refuse_event()`);
      }
      expect(await newEvents()).toEqual([]);
      expect((json(await get(`/api/v1/customers/${oliver.id}`)) as { firstName: string }).firstName).toBe('Oliver');
    });
  });

  describe('reading the feed', () => {
    /** Five customer events of known sequences: start+1 … start+5 (created, updated ×3, created). */
    async function fiveEvents(): Promise<number> {
      const base = await lastSequence();
      const posted = await send('POST', '/api/v1/customers/', { email: `a${base}@example.com`, firstName: 'Anna', lastName: 'Person', gender: 'u' });
      expect(posted.statusCode).toBe(201);
      const one = (json(posted) as { id: number }).id;
      for (const name of ['Bea', 'Cleo', 'Dora']) expect((await send('PATCH', `/api/v1/customers/${one}`, { firstName: name })).statusCode).toBe(204);
      expect((await send('POST', '/api/v1/customers/', { email: `b${base}@example.com`, firstName: 'Bert', lastName: 'Person', gender: 'u' })).statusCode).toBe(201);
      return base;
    }
    const page = async (query: string) => {
      const response = await get(`/api/v1/events/?${query}`);
      return { status: response.statusCode, body: json(response) as { limit: number; _links: unknown; _embedded: { items: Envelope[] } } };
    };
    const sequences = (body: { _embedded: { items: Envelope[] } }) => body._embedded.items.map((item) => item.sequence);

    it('pages with after and limit; next is the cursor after the page, and stays put on an empty page', async () => {
      const base = await fiveEvents();
      const first = await page(`after=${base}&limit=2`);
      expect(first.status).toBe(200);
      expect(first.body.limit).toBe(2);
      expect(first.body._links).toEqual({ self: { href: `/api/v1/events/?after=${base}&limit=2` }, next: { href: `/api/v1/events/?after=${base + 2}&limit=2` } });
      expect(sequences(first.body)).toEqual([base + 1, base + 2]);
      const last = await page(`after=${base + 4}&limit=2`);
      expect(sequences(last.body)).toEqual([base + 5]);
      expect(last.body._links).toEqual({ self: { href: `/api/v1/events/?after=${base + 4}&limit=2` }, next: { href: `/api/v1/events/?after=${base + 5}&limit=2` } });
      const empty = await page(`after=${base + 5}`);
      expect(empty).toEqual({
        status: 200,
        body: { limit: 100, _links: { self: { href: `/api/v1/events/?after=${base + 5}&limit=100` }, next: { href: `/api/v1/events/?after=${base + 5}&limit=100` } }, _embedded: { items: [] } },
      });
    });

    it('filters by type and by prefix; the filters are carried into the links', async () => {
      const base = await fiveEvents();
      const created = await page(`after=${base}&type=customer.created`);
      expect(sequences(created.body)).toEqual([base + 1, base + 5]);
      expect(created.body._links).toEqual({
        self: { href: `/api/v1/events/?after=${base}&limit=100&type=customer.created` },
        next: { href: `/api/v1/events/?after=${base + 5}&limit=100&type=customer.created` },
      });
      expect(sequences((await page(`after=${base}&type=customer.*`)).body)).toEqual([1, 2, 3, 4, 5].map((n) => base + n));
      expect(sequences((await page(`after=${base}&type=customer.updated&type=customer.created&limit=2`)).body)).toEqual([base + 1, base + 2]);
      expect(sequences((await page(`after=${base}&type=order.*`)).body)).toEqual([]);
      expect(sequences((await page(`after=${base}&type=*&limit=1`)).body)).toEqual([base + 1]);
    });

    it('answers bad values with the form tree', async () => {
      const bad = await get('/api/v1/events/?after=-1&limit=501&type=order.placed&type=order.nope');
      expect([bad.statusCode, json(bad)]).toEqual([
        400,
        {
          code: 400,
          message: 'Validation Failed',
          errors: { children: { after: { errors: ['This value is not valid.'] }, limit: { errors: ['This value should be between 1 and 500.'] }, type: { errors: ['This value is not valid.'] } } },
        },
      ]);
      for (const query of ['after=01', 'after=1.5', 'after=', 'limit=0', 'limit=abc', 'type=', 'type=orders.*']) {
        const response = await get(`/api/v1/events/?${query}`);
        expect([query, response.statusCode]).toEqual([query, 400]);
      }
    });

    it('takes a sequence up to 2^53 − 1 and refuses larger numbers, and a limit that is no integer, at the field', async () => {
      const tree = (after: string[], limit: string[]) => ({ code: 400, message: 'Validation Failed', errors: { children: { after: after.length > 0 ? { errors: after } : {}, limit: limit.length > 0 ? { errors: limit } : {}, type: {} } } });
      for (const [query, expected] of [
        ['after=9007199254740992', tree(['This value is not valid.'], [])],
        ['after=9223372036854775808', tree(['This value is not valid.'], [])],
        ['after=1e21', tree(['This value is not valid.'], [])],
        ['after=-9223372036854775809', tree(['This value is not valid.'], [])],
        ['limit=2147483648', tree([], ['This value should be between 1 and 500.'])],
        ['limit=-1', tree([], ['This value should be between 1 and 500.'])],
        ['limit=abc', tree([], ['This value is not valid.'])],
        ['limit=1e2', tree([], ['This value is not valid.'])],
      ] as const) {
        const response = await get(`/api/v1/events/?${query}`);
        expect({ query, status: response.statusCode, body: json(response) }).toEqual({ query, status: 400, body: expected });
      }
      const largest = await get('/api/v1/events/?after=9007199254740991&limit=500');
      const href = '/api/v1/events/?after=9007199254740991&limit=500';
      expect({ status: largest.statusCode, body: json(largest) }).toEqual({ status: 200, body: { limit: 500, _links: { self: { href }, next: { href } }, _embedded: { items: [] } } });
    });

    it('shows one event; a sequence that names none is a 404; both need the token', async () => {
      const base = await fiveEvents();
      const one = await get(`/api/v1/events/${base + 1}`);
      expect(json(one)).toEqual({ id: `evt_${String(base + 1).padStart(12, '0')}`, sequence: base + 1, type: 'customer.created', timestamp: expect.stringMatching(TIMESTAMP), data: expect.any(Object) });
      for (const path of [`${base + 6}`, '0', `0${base + 1}`, `%3${base + 1}`, '-1', 'abc', '99999999999999999999']) {
        const response = await get(`/api/v1/events/${path}`);
        expect([path, response.statusCode, json(response)]).toEqual([path, 404, { code: 404, message: 'The "event" has not been found' }]);
      }
      for (const url of ['/api/v1/events/', `/api/v1/events/${base + 1}`]) {
        const anonymous = await t.inject({ method: 'GET', url });
        expect(anonymous.statusCode).toBe(401);
      }
    });

    it('deletes events past the retention period; a cursor below them answers 410', async () => {
      const base = await fiveEvents();
      expect(await purgeExpiredEvents(t.em(), 30, new Date(Date.now() - 86_400_000))).toBeNull();
      const through = await purgeExpiredEvents(t.em(), 30, new Date(Date.now() + 31 * 86_400_000));
      expect(through).toBe(base + 5);
      const gone = await get(`/api/v1/events/?after=${base + 4}`);
      expect([gone.statusCode, json(gone)]).toEqual([410, { code: 410, message: `Events before sequence ${base + 6} are no longer kept` }]);
      expect((await get('/api/v1/events/')).statusCode).toBe(410);
      expect((await get(`/api/v1/events/${base + 5}`)).statusCode).toBe(404);
      const caughtUp = await page(`after=${base + 5}`);
      expect([caughtUp.status, sequences(caughtUp.body)]).toEqual([200, []]);
      // New events go on from where the feed was.
      await send('POST', '/api/v1/customers/', { email: `c${base}@example.com`, firstName: 'Carl', lastName: 'Person', gender: 'u' });
      expect(sequences((await page(`after=${base + 5}`)).body)).toEqual([base + 6]);
    });
  });

  describe('pages bounded in bytes', () => {
    const MiB = 1024 * 1024;

    /** Data whose JSON text is exactly `bytes` bytes of UTF-8, mostly two-byte characters (so counting characters would count half). */
    function dataOfBytes(bytes: number): { note: string } {
      const text = bytes - '{"note":""}'.length;
      const note = 'a'.repeat(text % 2) + 'é'.repeat(Math.floor(text / 2));
      expect(Buffer.byteLength(JSON.stringify({ note }))).toBe(bytes);
      return { note };
    }

    interface Written {
      sequence: number;
      type: EventType;
      data: { note: string };
    }

    /** Records events of these data sizes (and types) through the outbox, one transaction each. */
    async function eventsOfBytes(...sizes: Array<number | [EventType, number]>): Promise<Written[]> {
      const written = [];
      for (const size of sizes) {
        const [type, bytes] = typeof size === 'number' ? (['customer.updated', size] as const) : size;
        const data = dataOfBytes(bytes);
        await t.em().transactional((tx) => t.outbox.record(tx, { type, data }));
        written.push({ sequence: await lastSequence(), type, data });
      }
      return written;
    }

    /** The envelopes of these events as the contract writes them (the commit time read from the table). */
    async function envelopes(events: Written[]): Promise<Envelope[]> {
      const times = await sql<{ sequence: string; timestamp: string }>(
        t,
        `select sequence, to_char(occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"+0000"') as timestamp from event where sequence > ?`,
        [start],
      );
      const timeOf = new Map(times.map((row) => [Number(row.sequence), row.timestamp]));
      return events.map(({ sequence, type, data }) => ({ id: `evt_${String(sequence).padStart(12, '0')}`, sequence, type, timestamp: timeOf.get(sequence)!, data }));
    }

    /** The exact bytes of a feed page holding these envelopes. */
    const pageText = (after: number, next: number, items: Envelope[]) =>
      JSON.stringify({ limit: 500, _links: { self: { href: `/api/v1/events/?after=${after}&limit=500` }, next: { href: `/api/v1/events/?after=${next}&limit=500` } }, _embedded: { items } });

    /** A page's answer: status, content type (what every JSON route sends) and the body's exact text. */
    async function answer(url: string) {
      const response = await get(url);
      return { status: response.statusCode, contentType: response.headers['content-type'], body: response.body };
    }

    it('a page stops after the event that brings its data to 1 MiB; next continues right after it, skipping and repeating none', async () => {
      const jsonContentType = (await get('/api/v1/customers/')).headers['content-type'];
      expect(jsonContentType).toBe('application/json; charset=utf-8');
      // Half and half: exactly 1 MiB, the page stops. Then 31 bytes short; 30 more leave it 1 byte short (it goes on); 30 more pass it. Then small ones.
      const events = await eventsOfBytes(MiB / 2, MiB / 2, 300, MiB - 331, 30, 30, 20, 20, 20);
      const all = await envelopes(events);
      const pages = [all.slice(0, 2), all.slice(2, 6), all.slice(6)];
      let after = start;
      for (const items of pages) {
        const next = items.at(-1)!.sequence;
        expect(await answer(`/api/v1/events/?after=${after}&limit=500`)).toEqual({ status: 200, contentType: jsonContentType, body: pageText(after, next, items) });
        after = next;
      }
      expect(await answer(`/api/v1/events/?after=${after}&limit=500`)).toEqual({ status: 200, contentType: jsonContentType, body: pageText(after, after, []) });
      // One event, the same bytes as in the page.
      expect(await answer(`/api/v1/events/${all[3].sequence}`)).toEqual({ status: 200, contentType: jsonContentType, body: JSON.stringify(all[3]) });
    });

    it('counts only the events the type filter keeps; the limit still applies', async () => {
      const [a, x, b, c] = await envelopes(await eventsOfBytes(MiB / 2, ['cart.updated', MiB / 2], 100, 100));
      const page = async (query: string) => JSON.parse((await get(`/api/v1/events/?after=${start}&${query}`)).body) as unknown;
      const links = (query: string, next: number) => ({ self: { href: `/api/v1/events/?after=${start}&${query}` }, next: { href: `/api/v1/events/?after=${next}&${query}` } });
      expect(await page('limit=500')).toEqual({ limit: 500, _links: links('limit=500', x.sequence), _embedded: { items: [a, x] } });
      expect(await page('limit=500&type=customer.*')).toEqual({ limit: 500, _links: links('limit=500&type=customer.*', c.sequence), _embedded: { items: [a, b, c] } });
      expect(await page('limit=2&type=customer.*')).toEqual({ limit: 2, _links: links('limit=2&type=customer.*', b.sequence), _embedded: { items: [a, b] } });
    });

    it('an event bigger than 1 MiB alone comes as a page of one', async () => {
      const events = await eventsOfBytes(MiB + MiB / 2, 50);
      const [big, small] = await envelopes(events);
      expect(await answer(`/api/v1/events/?after=${start}&limit=500`)).toEqual({ status: 200, contentType: 'application/json; charset=utf-8', body: pageText(start, big.sequence, [big]) });
      expect(await answer(`/api/v1/events/?after=${big.sequence}&limit=500`)).toEqual({ status: 200, contentType: 'application/json; charset=utf-8', body: pageText(big.sequence, small.sequence, [small]) });
    });

    it('the migration that adds the stored data length fills it in for the events already kept', async () => {
      await eventsOfBytes(100, 3000);
      const migrator = t.running.app.get(MikroORM).migrator;
      // That one only: the later ones (pg-boss's schema) do not depend on it.
      const migration = 'Migration20261128164421';
      expect((await migrator.getExecuted()).map((executed) => executed.name)).toContain(migration);
      await migrator.down(migration);
      try {
        // An event as the code before it wrote one: no length.
        await t.em().getConnection().execute(
          `with counter as (update event_counter set last_sequence = last_sequence + 1 where id = 1 returning last_sequence)
           insert into event (sequence, type, data, occurred_at) select last_sequence, 'customer.updated', '{"note":"Größe"}'::json, clock_timestamp() from counter`,
        );
      } finally {
        await migrator.up(migration);
      }
      const rows = await sql<{ bytes: number; length: number; compression: string }>(
        t,
        `select data_bytes as bytes, octet_length(data::text) as length, (select attcompression from pg_attribute where attrelid = 'event'::regclass and attname = 'data') as compression
           from event where sequence > ? order by sequence`,
        [start],
      );
      expect(rows).toEqual([
        { bytes: 100, length: 100, compression: 'p' },
        { bytes: 3000, length: 3000, compression: 'p' },
        { bytes: 18, length: 18, compression: 'p' },
      ]);
    });
  });

  it('writes events after every other subscriber that writes before COMMIT (the counter is the last lock)', () => {
    // Only those acting before COMMIT count (the webhook dispatcher's kick comes after it, where it runs).
    const subscribers = [...t.em().getEventManager().getSubscribers()].filter((subscriber) => subscriber.beforeTransactionCommit !== undefined).map((subscriber) => subscriber.constructor.name);
    expect(subscribers).toEqual(['TransactionFence', 'EventOutbox']);
  });

  it('the fixtures write order.placed for the orders they place', async () => {
    ids = await loadShop(t, SHOP_YAML, `orders: [{ref: done, customer: oliver.queen@star-city.com, channel: CHANNEL, checkoutState: completed, items: [{variant: MUG_SW, quantity: 1}]}]`);
    const [counter] = await sql<{ last: string; purged: string }>(t, 'select last_sequence as last, purged_through as purged from event_counter');
    const events = (json(await get(`/api/v1/events/?after=${counter.purged}`)) as { _embedded: { items: Envelope[] } })._embedded.items;
    expect(events.map((event) => [event.type, (event.data as { id: number }).id])).toEqual([['order.placed', ids.orders.done]]);
    expect(JSON.stringify(events[0].data)).toBe(await shown(`/api/v1/orders/${ids.orders.done}`));
  });
});
