import { AUTH } from '../support/customer-data';
import { ADMIN, CLIENT, REFRESH_TOKEN, seedAuth } from '../support/seed-auth';
import { json, startTestApp, type TestApp } from '../support/test-app';
import { lockConflicts } from '../../src/database/write-transaction';
import { hashToken } from '../../src/auth/token-hash';

const TOKEN_URL = '/api/oauth/v2/token';

/**
 * A trigger that makes the first `failures` inserts into a table fail with `sqlState`, as a deadlock or
 * serialization failure would. The budget is a sequence: nextval survives the rollback of the
 * transaction the failure ends, where a counter row would be rolled back with it.
 */
const INJECT_CONFLICT = `
  create function test_inject_conflict() returns trigger language plpgsql as $$
  begin
    if nextval(tg_argv[0]::regclass) <= tg_argv[1]::int then
      raise exception 'injected lock conflict' using errcode = tg_argv[2];
    end if;
    return new;
  end $$`;

describe('writes that meet a deadlock or serialization failure', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
    await seedAuth(t.em());
    await t.em().execute(INJECT_CONFLICT);
  });
  afterAll(() => t?.close());

  /** Makes the next `failures` inserts into `table` fail with `sqlState`; later ones pass. */
  const failInserts = async (table: string, failures: number, sqlState: '40P01' | '40001') => {
    const budget = `test_conflicts_${table}`;
    await t.em().execute(`drop trigger if exists test_inject_conflict on ${table}`);
    await t.em().execute(`drop sequence if exists ${budget}`);
    await t.em().execute(`create sequence ${budget}`);
    await t.em().execute(
      `create trigger test_inject_conflict before insert on ${table} for each row execute function test_inject_conflict('${budget}', '${failures}', '${sqlState}')`,
    );
  };
  const count = async (sql: string, params: unknown[]) => Number((await t.em().execute<Array<{ n: string }>>(sql, params))[0].n);

  it('runs a password grant again and answers its tokens, inserted once', async () => {
    await failInserts('access_token', 1, '40P01');
    const before = { ...lockConflicts };
    const response = await t.inject({
      method: 'POST',
      url: TOKEN_URL,
      payload: { grant_type: 'password', client_id: CLIENT.id, client_secret: CLIENT.secret, username: ADMIN.username, password: ADMIN.password },
    });
    expect(response.statusCode).toBe(200);
    const body = json(response) as { access_token: string; refresh_token: string };
    expect(lockConflicts).toEqual({ retried: before.retried + 1, refused: before.refused });
    expect(await count('select count(*) as n from access_token where token_hash = ?', [hashToken(body.access_token)])).toBe(1);
    expect(await count('select count(*) as n from refresh_token where token_hash = ?', [hashToken(body.refresh_token)])).toBe(1);
  });

  it('runs a refresh-token grant again: the token deleted by the rolled-back attempt still works once', async () => {
    await failInserts('access_token', 2, '40001');
    const before = { ...lockConflicts };
    const refresh = () =>
      t.inject({ method: 'POST', url: TOKEN_URL, payload: { grant_type: 'refresh_token', client_id: CLIENT.id, client_secret: CLIENT.secret, refresh_token: REFRESH_TOKEN } });
    const response = await refresh();
    expect(response.statusCode).toBe(200);
    expect(lockConflicts).toEqual({ retried: before.retried + 2, refused: before.refused });
    expect(await count('select count(*) as n from refresh_token where token_hash = ?', [hashToken(REFRESH_TOKEN)])).toBe(0);
    expect(json(await refresh())).toEqual({ error: 'invalid_grant', error_description: 'Invalid refresh token' });
  });

  it('runs a customer creation again and creates the customer once', async () => {
    await failInserts('customer', 1, '40P01');
    const before = { ...lockConflicts };
    const response = await t.inject({ method: 'POST', url: '/api/v1/customers/', headers: AUTH, payload: { email: 'retried@example.com', gender: 'm' } });
    expect(response.statusCode).toBe(201);
    expect(json(response)).toMatchObject({ email: 'retried@example.com' });
    expect(lockConflicts).toEqual({ retried: before.retried + 1, refused: before.refused });
    expect(await count('select count(*) as n from customer where email = ?', ['retried@example.com'])).toBe(1);
  });

  it('answers a customer creation that keeps colliding with the retryable 409, having created nothing', async () => {
    await failInserts('customer', 4, '40001');
    const before = { ...lockConflicts };
    const response = await t.inject({ method: 'POST', url: '/api/v1/customers/', headers: AUTH, payload: { email: 'refused@example.com', gender: 'm' } });
    expect(response.statusCode).toBe(409);
    expect(response.headers['retry-after']).toBe('1');
    expect(json(response)).toEqual({ code: 409, message: 'The request collided with concurrent changes of the same data; send it again.' });
    expect(lockConflicts).toEqual({ retried: before.retried + 3, refused: before.refused + 1 });
    expect(await count('select count(*) as n from customer where email = ?', ['refused@example.com'])).toBe(0);
  });
});
