import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { CpuPerRequest, CpuTally } from './proc-cpu';

/** The address every benchmarked checkout uses (the carts are in the WEB channel; US needs a province). */
export const BENCH_ADDRESS = {
  firstName: 'Bench',
  lastName: 'Checkout',
  countryCode: 'US',
  provinceCode: 'US-NY',
  street: 'Broadway 5',
  city: 'New York',
  postcode: '10001',
};

export interface SequentialLatency {
  /** Timed requests (the warm-up ones excluded). */
  requests: number;
  /** Milliseconds. */
  p50: number;
  p99: number;
}

export interface CheckoutLatencies {
  /** Carts taken through the steps before the timing. */
  carts: number;
  warmup: number;
  complete: SequentialLatency | null;
  /** CPU per complete request (all of them, the warm-up ones included), when a meter was given. */
  completeCpu?: CpuPerRequest | null;
  ship: SequentialLatency | null;
  /** Why the section is incomplete (the first request that did not answer as expected), if it is. */
  note?: string;
}

interface Reply {
  status: number;
  body: string;
  ms: number;
}

/** One connection, kept alive: requests go one after the other, as autocannon's 1-connection runs do. */
export class Client {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 1 });

  constructor(
    private readonly baseUrl: string,
    private readonly headers: Record<string, string>,
  ) {}

  send(method: 'GET' | 'PUT' | 'PATCH' | 'POST' | 'DELETE', path: string, body?: object): Promise<Reply> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers = payload === undefined ? this.headers : { ...this.headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) };
    return new Promise((resolve, reject) => {
      const started = performance.now();
      const req = request(`${this.baseUrl}${path}`, { method, headers, agent: this.agent }, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text, ms: performance.now() - started }));
      });
      req.on('error', reject);
      req.end(payload);
    });
  }

  async expect(status: number, method: 'GET' | 'PUT' | 'PATCH' | 'POST' | 'DELETE', path: string, body?: object): Promise<Reply> {
    const reply = await this.send(method, path, body);
    if (reply.status !== status) throw new Error(`${method} ${path} answered ${reply.status} (expected ${status}): ${reply.body.slice(0, 300)}`);
    return reply;
  }

  close(): void {
    this.agent.destroy();
  }
}

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

export function latency(times: number[], warmup: number): SequentialLatency {
  const timed = times.slice(warmup).sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 100) / 100;
  return { requests: timed.length, p50: round(percentile(timed, 50)), p99: round(percentile(timed, 99)) };
}

/**
 * Takes each cart through addressing and the shipping and payment choices (the first method offered),
 * untimed; then times "complete" on every cart, one request at a time, and then "ship" (with a tracking
 * code) on every shipment of the orders just placed. Completing and shipping can happen only once per
 * cart, so instead of autocannon's fixed-duration runs each cart is used once; the first `warmup`
 * requests of each kind are not counted.
 */
export async function measureCheckout(
  baseUrl: string,
  headers: Record<string, string>,
  cartIds: number[],
  log: (message: string) => void,
  completeCpu?: CpuTally,
): Promise<CheckoutLatencies> {
  const client = new Client(baseUrl, headers);
  const warmup = Math.min(20, Math.floor(cartIds.length / 10));
  const result: CheckoutLatencies = { carts: cartIds.length, warmup, complete: null, ship: null };
  if (cartIds.length === 0) return { ...result, note: 'no generated carts' };
  try {
    log(`checkout: addressing and choosing shipping and payment on ${cartIds.length} carts (untimed)`);
    for (const id of cartIds) {
      await client.expect(204, 'PUT', `/api/v1/checkouts/addressing/${id}`, { shippingAddress: BENCH_ADDRESS });
      const shipping = JSON.parse((await client.expect(200, 'GET', `/api/v1/checkouts/select-shipping/${id}`)).body) as { shipments: Array<{ methods: Array<{ code: string }> }> };
      await client.expect(204, 'PUT', `/api/v1/checkouts/select-shipping/${id}`, { shipments: shipping.shipments.map((s) => ({ method: s.methods[0].code })) });
      const payment = JSON.parse((await client.expect(200, 'GET', `/api/v1/checkouts/select-payment/${id}`)).body) as { payments: Array<{ methods: Array<{ code: string }> }> };
      await client.expect(204, 'PUT', `/api/v1/checkouts/select-payment/${id}`, { payments: payment.payments.map((p) => ({ method: p.methods[0].code })) });
    }
    log('checkout: timing complete (1 connection)');
    const completeTimes: number[] = [];
    const completeAll = async () => {
      for (const id of cartIds) completeTimes.push((await client.expect(204, 'PUT', `/api/v1/checkouts/complete/${id}`, {})).ms);
    };
    await (completeCpu ? completeCpu.around(completeAll, () => cartIds.length) : completeAll());
    result.complete = latency(completeTimes, warmup);
    if (completeCpu) result.completeCpu = completeCpu.perRequest();

    const shipments: string[] = [];
    for (const id of cartIds) {
      const order = JSON.parse((await client.expect(200, 'GET', `/api/v1/orders/${id}`)).body) as { shipments: Array<{ id: number }> };
      for (const shipment of order.shipments) shipments.push(`/api/v1/orders/${id}/shipments/${shipment.id}/ship`);
    }
    log(`checkout: timing ship on ${shipments.length} shipments (1 connection)`);
    const shipTimes: number[] = [];
    for (const [index, path] of shipments.entries()) shipTimes.push((await client.expect(204, 'PUT', path, { tracking: `BENCH${index}` })).ms);
    result.ship = latency(shipTimes, Math.min(warmup, Math.floor(shipTimes.length / 10)));
    return result;
  } catch (error) {
    const note = error instanceof Error ? error.message : String(error);
    log(`checkout: ${note}`);
    return { ...result, note };
  } finally {
    client.close();
  }
}
