import type { ApiResponse } from './support/api-client';
import { createDemoDatabase, type ScratchDatabase } from './support/scratch-database';
import { startServer, stopServers, type ServerProcess } from './support/server-process';
import { report, statusCounts, stressScale } from './support/stress-report';

/**
 * Two server processes on one PostgreSQL database: server A deletes customers while server B creates
 * carts for them. A creation either sees the customer (201) or answers the usual 400 on `customer`;
 * never a 500 (a foreign-key violation), and no cart outlives its customer.
 */

const CUSTOMERS = 30 * stressScale();
const CREATIONS_PER_CUSTOMER = 6;

const CUSTOMER_GONE = {
  code: 400,
  message: 'Validation Failed',
  errors: { children: { customer: { errors: ['This value is not valid.'] }, localeCode: {}, channel: {} } },
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('customer deletes racing cart creations across two server processes', () => {
  let database: ScratchDatabase;
  let servers: ServerProcess[] = [];

  beforeAll(async () => {
    database = await createDemoDatabase('cartraces');
    servers = await Promise.all(['A', 'B'].map((name) => startServer(name, { DATABASE_URL: database.url, DB_POOL_SIZE: '16' })));
  });

  afterAll(() => stopServers(servers, database));

  it('answers every creation 201 or the customer 400, and leaves no cart of a deleted customer', async () => {
    const [deleter, creator] = servers;
    const emails = Array.from({ length: CUSTOMERS }, (_, index) => `racer${index}@example.com`);
    const ids: number[] = [];
    for (const email of emails) {
      const created = await deleter.client.request('POST', '/api/v1/customers/', { email, firstName: 'Race', lastName: 'Test', gender: 'u' });
      expect(created.status).toBe(201);
      ids.push((created.body as { id: number }).id);
    }

    const started = Date.now();
    const creations: ApiResponse[] = [];
    const deletions: ApiResponse[] = [];
    await Promise.all(
      emails.map(async (email, index) => {
        const create = async (attempt: number) => {
          await pause(attempt * 3);
          creations.push(await creator.client.request('POST', '/api/v1/carts/', { customer: email, localeCode: 'en_US', channel: 'WEB' }));
        };
        const remove = async () => {
          await pause(4 + (index % 16));
          deletions.push(await deleter.client.request('DELETE', `/api/v1/customers/${ids[index]}`));
        };
        await Promise.all([remove(), ...Array.from({ length: CREATIONS_PER_CUSTOMER }, (_, attempt) => create(attempt))]);
      }),
    );

    const statuses = creations.map((response) => response.status);
    report({
      run: 'cart-races',
      database: 'server',
      requests: creations.length + deletions.length,
      acknowledged: statuses.filter((status) => status === 201).length + deletions.length,
      expectedRejections: statuses.filter((status) => status === 400).length,
      serverErrors: [...creations, ...deletions].filter((response) => response.status >= 500).length,
      networkErrors: 0,
      invariantChecks: CUSTOMERS,
      seconds: (Date.now() - started) / 1000,
      statuses: JSON.stringify(statusCounts(statuses)),
    });
    for (const response of deletions) expect(response.status).toBe(204);
    for (const response of creations) {
      if (response.status !== 201) expect({ status: response.status, body: response.body }).toEqual({ status: 400, body: CUSTOMER_GONE });
    }
    expect(creations).toHaveLength(CUSTOMERS * CREATIONS_PER_CUSTOMER);

    // Deleting a customer deletes their carts; a cart created after the delete would be an orphan.
    for (const email of emails) {
      const page = await creator.client.request('GET', `/api/v1/carts/?criteria[customer]=${encodeURIComponent(email)}&limit=100`);
      expect(page.status).toBe(200);
      expect((page.body as { total: number }).total).toBe(0);
    }
  });
});
