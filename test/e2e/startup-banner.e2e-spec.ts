import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { MikroORM } from '@mikro-orm/postgresql';
import { hashPassword } from '../../src/auth/password-hasher';
import { buildOrmOptions } from '../../src/database/orm-options';
import { demoLoginWorks } from '../../src/fixtures/demo-login';
import { startTestDatabase, type TestDatabase } from '../support/test-database';
import { freePort } from '../support/free-port';

const ROOT = join(__dirname, '..', '..');

/** Starts `node dist/main.js` on the database, hands its URL and start-up banner to `whileRunning`, then stops it. */
async function bannerOf(databaseUrl: string, whileRunning: (base: string, banner: string) => Promise<void>): Promise<void> {
  const port = await freePort();
  const child = spawn(process.execPath, ['dist/main.js'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', DB_POOL_SIZE: '2', WEBHOOK_CONCURRENCY: '0' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = once(child, 'exit');
  try {
    const deadline = Date.now() + 60_000;
    // The banner is one write that ends with a blank line.
    while (!(stderr.includes('listening on') && stderr.endsWith('\n\n'))) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`no start-up banner; stderr:\n${stderr}`);
      await sleep(50);
    }
    await whileRunning(`http://127.0.0.1:${port}`, stderr);
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

/** `npm run fixtures -- fixtures/demo.yaml`, as the banner advises. */
function loadDemoWithCli(databaseUrl: string): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [join(ROOT, 'dist', 'cli', 'fixtures.js'), 'fixtures/demo.yaml'], { cwd: ROOT, env: { ...process.env, DATABASE_URL: databaseUrl } }, (error, _stdout, stderr) => {
      if (error) reject(new Error(`loading the demo shop failed: ${stderr}`));
      else resolve();
    });
  });
}

const tokenRequest = (base: string, body: unknown): Promise<Response> =>
  fetch(`${base}/api/oauth/v2/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('start-up banner (spawned service on a server database)', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await startTestDatabase();
  });
  afterAll(() => database?.close());

  it('on an empty database says how to get a login instead of printing demo credentials that fail', async () => {
    await bannerOf(database.url, async (base, banner) => {
      expect(banner).not.toContain('curl');
      expect(banner).not.toContain('"secret"');
      expect(banner).toContain(`No demo login here (admin "sylius", OAuth client "client_id"). To get a token, load the demo shop
  npm run fixtures -- fixtures/demo.yaml
or create an admin and an OAuth client of your own
  npm run cli -- admin:create --email ops@example.com --username ops --password 's3cret!'
  npm run cli -- oauth:create-client --grant-type password --grant-type refresh_token
then POST their credentials to ${base}/api/oauth/v2/token (README: Authentication).
`);
      const demoAttempt = await tokenRequest(base, { grant_type: 'password', client_id: 'client_id', client_secret: 'secret', username: 'sylius', password: 'sylius' });
      expect([demoAttempt.status, ((await demoAttempt.json()) as { error: string }).error]).toEqual([400, 'invalid_client']);
    });
  });

  it('once the demo shop is loaded as it advises, prints a token request that works', async () => {
    await loadDemoWithCli(database.url);
    await bannerOf(database.url, async (base, banner) => {
      expect(banner).toContain('Demo admin: username "sylius", password "sylius"; OAuth client "client_id" / "secret".');
      const body = /-d '(\{.*\})'/.exec(banner)?.[1];
      expect(body).toBeDefined();
      const response = await tokenRequest(base, JSON.parse(body as string));
      expect(response.status).toBe(200);
      const { access_token: token } = (await response.json()) as { access_token: string };
      expect((await fetch(`${base}/api/v1/customers/`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    });
  });

  describe('demoLoginWorks (on the demo shop loaded above)', () => {
    const rollback = new Error('rollback');
    let orm: MikroORM;
    beforeAll(async () => {
      orm = await MikroORM.init(buildOrmOptions({ clientUrl: database.url, poolSize: 1 }));
    });
    afterAll(() => orm?.close(true));

    /** Whether the demo login works after `sql`, which is rolled back. */
    async function worksAfter(sql: string, params: unknown[] = []): Promise<boolean> {
      let works: boolean | undefined;
      await orm.em
        .fork()
        .transactional(async (em) => {
          await em.execute(sql, params);
          works = await demoLoginWorks(em);
          throw rollback;
        })
        .catch((error: unknown) => {
          if (error !== rollback) throw error;
        });
      if (works === undefined) throw new Error('not checked');
      return works;
    }

    it('is true with the demo shop and false when the client, its grant types or the admin would refuse the login', async () => {
      expect(await demoLoginWorks(orm.em.fork())).toBe(true);
      expect(await worksAfter("update oauth_client set secret_hash = repeat('0', 64)")).toBe(false);
      expect(await worksAfter("update oauth_client set allowed_grant_types = '{refresh_token}'")).toBe(false);
      expect(await worksAfter("update admin_user set username_canonical = 'ops', email_canonical = 'ops@example.com'")).toBe(false);
      expect(await worksAfter('update admin_user set enabled = false')).toBe(false);
      expect(await worksAfter("update admin_user set roles = '{ROLE_ADMINISTRATION_ACCESS}'")).toBe(false);
      expect(await worksAfter('update admin_user set password_hash = ?', [await hashPassword('changed')])).toBe(false);
      expect(await worksAfter('select 1')).toBe(true);
    });
  });
});
