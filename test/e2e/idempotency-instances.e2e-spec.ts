import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { createApp, type RunningApp } from '../../src/app/create-app';
import { ApiError } from '../../src/common/errors/api-error';
import { loadConfig } from '../../src/config/app-config';
import { IdempotencyStore, type Claim } from '../../src/idempotency/idempotency-store';
import { idempotencyKeyHash, KeySecrets } from '../../src/idempotency/key-secrets';
import { requestFingerprint } from '../../src/idempotency/request-fingerprint';
import { runWithClaim } from '../../src/idempotency/transaction-fence';
import { sql } from '../support/cart-expectations';
import { CART_YAML, loadShop } from '../support/cart-fixtures';
import { TOKEN } from '../support/seed-auth';
import { json, startTestApp, type TestApp } from '../support/test-app';

const IN_PROGRESS = { code: 409, message: 'A request with this Idempotency-Key is still in progress' };
const NEW_CART = { customer: 'oliver.queen@star-city.com', channel: 'WEB', localeCode: 'en_US' };
const HEADERS = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };

/**
 * Two instances of the service on one database (each with half of the connections the embedded
 * database accepts); the second waits only 300 ms for a key in progress.
 */
describe('Idempotency-Key across instances, abandoned claims and the transaction fence', () => {
  let a: TestApp;
  let b: RunningApp;
  let scope: string;
  let keyCounter = 0;
  const newKey = () => `instances-${++keyCounter}-${Date.now()}`;

  beforeAll(async () => {
    a = await startTestApp({ env: { DB_POOL_SIZE: '2' } });
    const ids = await loadShop(a, CART_YAML);
    scope = `admin:${ids.adminUsers.sylius}`;
    // An expired key from long ago: the second instance's first keyed request purges it.
    await sql(
      a,
      `insert into idempotency_key (scope, key, request_hash, state, owner, created_at, claimed_at, expires_at)
       values (?, 'ancient', repeat('0', 64), 'completed', ?, now() - interval '3 days', now() - interval '3 days', now() - interval '2 days')`,
      [scope, randomUUID()],
    );
    const config = loadConfig({ LOG_LEVEL: 'silent', DB_POOL_SIZE: '2', IDEMPOTENCY_WAIT_MS: '300', WEBHOOK_CONCURRENCY: '0' });
    b = await createApp(config, { database: { url: a.running.database.url, embedded: a.running.database.embedded, close: () => Promise.resolve() } });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const postTo = (instance: 'a' | 'b', url: string, payload: object, key: string): Promise<LightMyRequestResponse> => {
    const options = { method: 'POST' as const, url, headers: { ...HEADERS, 'idempotency-key': key }, payload };
    return instance === 'a' ? a.inject(options) : b.app.getHttpAdapter().getInstance().inject(options);
  };
  const count = async (query: string, params: unknown[] = []): Promise<number> => Number((await sql<{ n: string }>(a, query, params))[0].n);
  const carts = () => count('select count(*) as n from orders');
  /** A key row as another (maybe crashed) request left it. */
  const leaveKey = (key: string, state: string, claimedSecondsAgo: number, body: object = NEW_CART) =>
    sql(
      a,
      `insert into idempotency_key (scope, key, request_hash, state, owner, created_at, claimed_at, expires_at)
       values (?, ?, ?, ?, ?, now(), now() - make_interval(secs => ?), now() + interval '1 day')`,
      [scope, idempotencyKeyHash(key), new KeySecrets(scope, key).fingerprint(requestFingerprint('POST', '/api/v1/carts/', body)), state, randomUUID(), claimedSecondsAgo],
    );

  it('purges expired keys on the first keyed request of an instance', async () => {
    expect(await count(`select count(*) as n from idempotency_key where key = 'ancient'`)).toBe(1);
    expect((await postTo('b', '/api/v1/carts/', NEW_CART, newKey())).statusCode).toBe(201);
    expect(await count(`select count(*) as n from idempotency_key where key = 'ancient'`)).toBe(0);
  });

  it('lets exactly one of 10 concurrent requests act when they arrive at two instances', async () => {
    const before = await carts();
    const key = newKey();
    // The second instance gives up after 300 ms; here it must not need to.
    const responses = await Promise.all(Array.from({ length: 10 }, (_, i) => postTo(i % 2 === 0 ? 'a' : 'b', '/api/v1/carts/', NEW_CART, key)));
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201).length + statuses.filter((s) => s === 409).length).toBe(10);
    const created = responses.filter((r) => r.statusCode === 201);
    expect(new Set(created.map((r) => r.body)).size).toBe(1);
    expect(created.filter((r) => r.headers['idempotent-replayed'] === undefined)).toHaveLength(1);
    expect(await carts()).toBe(before + 1);
    // Whoever gave up waiting gets the answer on a retry.
    const retry = await postTo('b', '/api/v1/carts/', NEW_CART, key);
    expect({ status: retry.statusCode, body: retry.body, replayed: retry.headers['idempotent-replayed'] }).toEqual({ status: 201, body: created[0].body, replayed: 'true' });
  });

  it('answers 409 when the request holding the key does not finish within the wait', async () => {
    const key = newKey();
    await leaveKey(key, 'claimed', 0);
    const before = await carts();
    const response = await postTo('b', '/api/v1/carts/', NEW_CART, key);
    expect({ status: response.statusCode, body: json(response) }).toEqual({ status: 409, body: IN_PROGRESS });
    expect(await carts()).toBe(before);
  });

  it('takes over a claim abandoned for over a minute before its action committed', async () => {
    const key = newKey();
    await leaveKey(key, 'claimed', 61);
    const before = await carts();
    const response = await postTo('b', '/api/v1/carts/', NEW_CART, key);
    expect(response.statusCode).toBe(201);
    expect(response.headers['idempotent-replayed']).toBeUndefined();
    expect(await carts()).toBe(before + 1);
  });

  it('never takes over a key whose action committed without its answer (a crash in between): 409, nothing repeated', async () => {
    const key = newKey();
    await leaveKey(key, 'committed', 3600);
    const before = await carts();
    const response = await postTo('b', '/api/v1/carts/', NEW_CART, key);
    expect({ status: response.statusCode, body: json(response) }).toEqual({ status: 409, body: IN_PROGRESS });
    expect(await carts()).toBe(before);
  });

  it('does not take over an abandoned claim for another request: 422', async () => {
    const key = newKey();
    await leaveKey(key, 'claimed', 61, { ...NEW_CART, localeCode: 'de_DE' });
    const response = await postTo('b', '/api/v1/carts/', NEW_CART, key);
    expect({ status: response.statusCode, body: json(response) }).toEqual({
      status: 422,
      body: { code: 422, message: 'Idempotency-Key reused with a different request' },
    });
  });

  describe('the fence in the action transaction', () => {
    const store = () => a.running.app.get(IdempotencyStore);
    const claimAs = async (key: string, owner: string, hash = 'f'.repeat(64)): Promise<{ claim: Claim; won: boolean }> => {
      const claim: Claim = { scope, keyHash: key, owner, committed: false };
      return { claim, won: await store().claim(claim, hash, 86400, 60) };
    };
    const insertCurrency = (claim: Claim, code: string) =>
      runWithClaim(claim, () => a.em().fork().transactional((tx) => tx.execute(`insert into currency (code) values (?)`, [code])));
    const currencies = (code: string) => count('select count(*) as n from currency where code = ?', [code]);

    it('marks the key committed together with the action', async () => {
      const key = newKey();
      const { claim, won } = await claimAs(key, randomUUID());
      expect(won).toBe(true);
      await insertCurrency(claim, 'AAA');
      expect(claim.committed).toBe(true);
      expect(await sql(a, 'select state from idempotency_key where key = ?', [key])).toEqual([{ state: 'committed' }]);
      expect(await currencies('AAA')).toBe(1);
    });

    it('rolls back the action of a request whose claim was taken over meanwhile', async () => {
      const key = newKey();
      const { claim: slow } = await claimAs(key, randomUUID());
      await sql(a, `update idempotency_key set claimed_at = now() - interval '61 seconds' where key = ?`, [key]);
      const { won } = await claimAs(key, randomUUID());
      expect(won).toBe(true);

      const late = insertCurrency(slow, 'BBB');
      await expect(late).rejects.toBeInstanceOf(ApiError);
      await expect(late).rejects.toMatchObject({ status: 409, body: IN_PROGRESS });
      expect(await currencies('BBB')).toBe(0);
      expect(await sql(a, 'select state from idempotency_key where key = ?', [key])).toEqual([{ state: 'claimed' }]);
    });

    it('leaves transactions outside a claimed request alone', async () => {
      await a.em().fork().transactional((tx) => tx.execute(`insert into currency (code) values ('CCC')`));
      expect(await currencies('CCC')).toBe(1);
    });
  });
});
