import { performance } from 'node:perf_hooks';
import { connectSql, scalar } from '../data/sql';
import { Client, measureCheckout, type CheckoutLatencies } from './checkout-flow';
import type { LoadSummary } from './load';
import type { CpuPerRequest, CpuTally } from './proc-cpu';
import { WebhookReceiver } from './webhook-receiver';

/** Subscriptions active while the writes are measured again, each to every event type. */
const SUBSCRIPTIONS = 2;
/** Events the replay measurement sends again to each subscription (the last ones recorded). */
const REPLAYED_EVENTS = 1000;
/** How long the runner waits for the deliveries of the measured writes, and of the replay. */
const DRAIN_TIMEOUT_MS = 180_000;

interface DeliveryThroughput {
  /** Deliveries awaited (events × subscriptions). */
  deliveries: number;
  /** From the start of the wait (the last write answered, or the replay requested) to the last delivery. */
  seconds: number | null;
  perSecond: number | null;
}

export interface WebhookResults {
  subscriptions: number;
  addItem: LoadSummary | null;
  addItemCpu: CpuPerRequest | null;
  checkout: CheckoutLatencies | null;
  /** Events the measured writes recorded, and how long their deliveries took to drain after the last write. */
  events: number;
  drain: DeliveryThroughput | null;
  /** The replay of the last events to both subscriptions: delivery throughput with the queue otherwise idle. */
  replay: DeliveryThroughput | null;
  note?: string;
}

export interface WebhookBenchInput {
  baseUrl: string;
  databaseUrl: string;
  headers: Record<string, string>;
  /** Carts not used by the other checkout measurements. */
  checkoutCartIds: number[];
  /** Add item at 1 connection, as measured without subscriptions; adds its CPU to the tally. */
  addItem: (cpu: CpuTally) => Promise<LoadSummary | null>;
  tally: () => CpuTally;
  log: (message: string) => void;
}

const throughput = (deliveries: number, ms: number | null): DeliveryThroughput => ({
  deliveries,
  seconds: ms === null ? null : Math.round(ms) / 1000,
  perSecond: ms === null || ms === 0 ? null : Math.round((deliveries / ms) * 1000),
});

/**
 * Add item and complete checkout again with two subscriptions to every event (delivered in-process by the
 * product's worker to a local receiver that answers 200 at once), then the time their deliveries take to
 * drain, then a replay of the last events to both subscriptions as the delivery throughput. The
 * subscriptions are removed at the end (and any left over by an interrupted run at the start).
 */
export async function measureWithWebhooks(input: WebhookBenchInput): Promise<WebhookResults> {
  const client = new Client(input.baseUrl, input.headers);
  const sql = await connectSql(input.databaseUrl);
  const receiver = await WebhookReceiver.start();
  const result: WebhookResults = { subscriptions: SUBSCRIPTIONS, addItem: null, addItemCpu: null, checkout: null, events: 0, drain: null, replay: null };
  const subscriptions: number[] = [];
  try {
    await removeSubscriptions(client);
    for (let index = 0; index < SUBSCRIPTIONS; index += 1) {
      const created = await client.expect(201, 'POST', '/api/v1/webhooks/', { url: receiver.url, events: ['*'], description: `bench ${index + 1}` });
      subscriptions.push((JSON.parse(created.body) as { id: number }).id);
    }
    const before = await scalar(sql, 'select coalesce(max(sequence), 0) as value from event');

    input.log(`webhooks: add item at 1 connection with ${SUBSCRIPTIONS} subscriptions`);
    const addItemCpu = input.tally();
    result.addItem = await input.addItem(addItemCpu);
    result.addItemCpu = addItemCpu.perRequest();
    input.log(`webhooks: checkout with ${SUBSCRIPTIONS} subscriptions on ${input.checkoutCartIds.length} carts`);
    result.checkout = await measureCheckout(input.baseUrl, input.headers, input.checkoutCartIds, input.log, input.tally());

    const last = await scalar(sql, 'select coalesce(max(sequence), 0) as value from event');
    result.events = await scalar(sql, 'select count(*) as value from event where sequence > $1', [before]);
    const expected = result.events * SUBSCRIPTIONS;
    input.log(`webhooks: waiting for ${expected} deliveries (${result.events} events)`);
    result.drain = throughput(expected, await receiver.waitFor(expected, DRAIN_TIMEOUT_MS));

    const replayFrom = Math.max(before, last - REPLAYED_EVENTS);
    const replayed = (await scalar(sql, 'select count(*) as value from event where sequence > $1 and sequence <= $2', [replayFrom, last])) * SUBSCRIPTIONS;
    const settled = receiver.received;
    input.log(`webhooks: replaying ${replayed / SUBSCRIPTIONS} events to each subscription`);
    const started = performance.now();
    for (const id of subscriptions) await client.expect(202, 'POST', `/api/v1/webhooks/${id}/replay`, { after: replayFrom });
    const waited = await receiver.waitFor(settled + replayed, DRAIN_TIMEOUT_MS);
    result.replay = throughput(replayed, waited === null ? null : performance.now() - started);
    if (result.drain.seconds === null || result.replay.seconds === null) result.note = `not every delivery arrived within ${DRAIN_TIMEOUT_MS / 1000} s (received ${receiver.received})`;
    return result;
  } catch (error) {
    const note = error instanceof Error ? error.message : String(error);
    input.log(`webhooks: ${note}`);
    return { ...result, note };
  } finally {
    await removeSubscriptions(client).catch(() => undefined);
    client.close();
    await sql.close();
    await receiver.close();
  }
}

/** Deletes every subscription (their pending deliveries go with them). */
export async function removeSubscriptions(client: Client): Promise<void> {
  for (;;) {
    const page = JSON.parse((await client.expect(200, 'GET', '/api/v1/webhooks/?limit=100')).body) as { _embedded: { items: Array<{ id: number }> } };
    if (page._embedded.items.length === 0) return;
    for (const { id } of page._embedded.items) await client.expect(204, 'DELETE', `/api/v1/webhooks/${id}`);
  }
}
