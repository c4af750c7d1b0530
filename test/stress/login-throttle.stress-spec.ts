import type { ApiResponse } from './support/api-client';
import { createDemoDatabase, type ScratchDatabase } from './support/scratch-database';
import { startServer, stopServers, type ServerProcess } from './support/server-process';
import { report, statusCounts } from './support/stress-report';

/**
 * Two server processes on one PostgreSQL database, `AUTH_MAX_FAILURES=5`: a burst of wrong password
 * grants for one admin, half under its username and half under its email in mixed case, spread over
 * both servers at once. At most five of them may reach a password check (answered `invalid_grant`);
 * every other one is refused by the throttle (429) before the password is compared.
 */

const MAX_FAILURES = 5;
const ATTEMPTS = 200;
const TOKEN_URL = '/api/oauth/v2/token';

describe('login throttle across two server processes', () => {
  let database: ScratchDatabase;
  let servers: ServerProcess[] = [];

  beforeAll(async () => {
    database = await createDemoDatabase('throttle');
    const env = { DATABASE_URL: database.url, AUTH_MAX_FAILURES: String(MAX_FAILURES), AUTH_WINDOW_SECONDS: '300' };
    servers = await Promise.all(['A', 'B'].map((name) => startServer(name, env)));
  });

  afterAll(() => stopServers(servers, database));

  it(`lets at most ${MAX_FAILURES} of ${ATTEMPTS} parallel wrong grants reach a password check`, async () => {
    const started = Date.now();
    const grant = (index: number): Promise<ApiResponse> =>
      servers[index % 2].client.request('POST', TOKEN_URL, {
        grant_type: 'password',
        client_id: 'client_id',
        client_secret: 'secret',
        username: index % 3 === 0 ? 'API@Sylius.com' : index % 3 === 1 ? 'sylius' : 'SYLIUS',
        password: `guess-${index}`,
      });
    const responses = await Promise.all(Array.from({ length: ATTEMPTS }, (_, index) => grant(index)));

    const checked = responses.filter((response) => response.status === 400);
    const throttled = responses.filter((response) => response.status === 429);
    report({
      run: 'login-throttle',
      database: 'server',
      requests: ATTEMPTS,
      acknowledged: checked.length,
      expectedRejections: throttled.length,
      serverErrors: responses.filter((response) => response.status >= 500).length,
      networkErrors: 0,
      invariantChecks: ATTEMPTS,
      seconds: (Date.now() - started) / 1000,
      statuses: JSON.stringify(statusCounts(responses.map((response) => response.status))),
    });
    for (const response of checked) {
      expect(response.body).toEqual({ error: 'invalid_grant', error_description: 'Invalid username and password combination' });
    }
    for (const response of throttled) expect(response.body).toEqual({ code: 429, message: 'Too many requests' });
    expect(checked.length + throttled.length).toBe(ATTEMPTS);
    expect(checked.length).toBeLessThanOrEqual(MAX_FAILURES);
    expect(checked.length).toBeGreaterThan(0);

    // The right password is refused too while the budget is used up, on either server.
    for (const server of servers) {
      const right = await server.client.request('POST', TOKEN_URL, {
        grant_type: 'password', client_id: 'client_id', client_secret: 'secret', username: 'sylius', password: 'sylius',
      });
      expect(right.status).toBe(429);
    }
  });
});
