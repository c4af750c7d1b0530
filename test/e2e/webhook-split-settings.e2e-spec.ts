import { Writable } from 'node:stream';
import { WebhookSubscription } from '../../src/webhooks/entities/webhook-subscription.entity';
import { newSigningSecret } from '../../src/webhooks/signing-secrets';
import { HTTPS_REQUIRED } from '../../src/webhooks/url-guard';
import { AUTH } from '../support/customer-data';
import { seedAuth } from '../support/seed-auth';
import { json, startTestApp, type TestApp } from '../support/test-app';

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A deliverer started without the URL settings the API that accepted the subscription has (the API
 * with WEBHOOK_ALLOW_HTTP=1, a worker without it): every attempt to that URL is refused, and the
 * worker says so in its log rather than failing in silence.
 */
describe('webhook delivery from a process without the API’s URL settings', () => {
  let t: TestApp;
  let output = '';

  beforeAll(async () => {
    const destination = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        output += chunk.toString();
        callback();
      },
    });
    // Delivers with the defaults: https only, public addresses only.
    t = await startTestApp({ env: { WEBHOOK_CONCURRENCY: '', LOG_LEVEL: 'warn', WEBHOOK_RETRY_DELAYS: '60' }, logDestination: destination });
    await seedAuth(t.em());
  });
  afterAll(async () => {
    await t?.close();
  });

  it('records the refusal on every attempt and logs a warning naming the settings, once', async () => {
    // As an API process with WEBHOOK_ALLOW_HTTP=1 would have stored it.
    const em = t.em();
    const since = new Date(Date.now() - 60_000);
    const subscription = em.create(WebhookSubscription, { url: 'http://hooks.example.com/shop?token=receiver-secret', events: ['customer.*'], secret: newSigningSecret(), createdAt: since, updatedAt: since });
    await em.flush();
    for (const email of ['split1@example.com', 'split2@example.com']) {
      const created = await t.inject({ method: 'POST', url: '/api/v1/customers/', headers: AUTH, payload: { email, gender: 'u' } });
      expect(created.statusCode).toBe(201);
    }

    const deadline = Date.now() + 10_000;
    let items: Array<Record<string, unknown>> = [];
    while (items.length < 2) {
      if (Date.now() > deadline) throw new Error(`${items.length} of 2 attempts recorded`);
      await settle(25);
      items = (json(await t.inject({ method: 'GET', url: `/api/v1/webhooks/${subscription.id}/deliveries/`, headers: AUTH })) as { _embedded: { items: Array<Record<string, unknown>> } })._embedded.items;
    }
    for (const item of items) expect(item).toMatchObject({ attempt: 1, error: HTTPS_REQUIRED, outcome: 'retrying' });

    const warnings = output
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .filter((line) => line.msg.includes('refuses to deliver'));
    expect(warnings).toEqual([
      expect.objectContaining({
        level: 40,
        msg:
          `webhook ${subscription.id}: this process refuses to deliver to http://hooks.example.com: ${HTTPS_REQUIRED} ` +
          '(WEBHOOK_ALLOW_HTTP and WEBHOOK_ALLOW_PRIVATE_NETWORKS must be the same on every process that delivers as on the API)',
      }),
    ]);
    // The receiver's own token in the URL's query stays out of the log.
    expect(output).not.toContain('receiver-secret');
  });
});
