import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';

/**
 * A local webhook receiver for the benchmark: answers every delivery 200 at once and counts them, so the
 * runner can wait until an expected number has arrived and time how fast they came.
 */
export class WebhookReceiver {
  /** Deliveries received (retries and replays included). */
  received = 0;
  private waiters: Array<{ count: number; resolve: () => void }> = [];

  private readonly server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200).end();
      this.count();
    });
  });
  /** Where deliveries go, once started. */
  url = '';

  static async start(): Promise<WebhookReceiver> {
    const receiver = new WebhookReceiver();
    await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
    const { port } = receiver.server.address() as AddressInfo;
    receiver.url = `http://127.0.0.1:${port}/hook`;
    return receiver;
  }

  /** Resolves with the milliseconds it took once `count` deliveries in all have arrived; null after `timeoutMs`. */
  async waitFor(count: number, timeoutMs: number): Promise<number | null> {
    const started = performance.now();
    if (this.received >= count) return 0;
    const arrived = new Promise<void>((resolve) => this.waiters.push({ count, resolve }));
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs)));
    const outcome = await Promise.race([arrived, timedOut]);
    clearTimeout(timer);
    return outcome === 'timeout' ? null : performance.now() - started;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private count(): void {
    this.received += 1;
    const due = this.waiters.filter((waiter) => this.received >= waiter.count);
    this.waiters = this.waiters.filter((waiter) => this.received < waiter.count);
    for (const waiter of due) waiter.resolve();
  }
}
