// Creates the migrated template the e2e tests copy: run by global-setup in a separate process.
const { mkdirSync, writeFileSync } = require('node:fs');
const { dirname } = require('node:path');
const { Client } = require('pg');
const { MikroORM } = require('@mikro-orm/postgresql');
const { buildOrmOptions } = require('../../dist/database/orm-options');
const location = require('./template-location');

async function migrate(clientUrl) {
  const orm = await MikroORM.init(buildOrmOptions({ clientUrl, poolSize: 1 }));
  try {
    await orm.migrator.up();
  } finally {
    await orm.close();
  }
}

async function embeddedTemplate() {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const db = await PGlite.create({ dataDir: 'memory://', extensions: { pg_trgm } });
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 1 });
  await server.start();
  await migrate(`postgresql://postgres:postgres@${server.getServerConn()}/postgres`);
  await server.stop();
  const dump = await db.dumpDataDir('gzip');
  await db.close();
  mkdirSync(dirname(location.tarball), { recursive: true });
  writeFileSync(location.tarball, Buffer.from(await dump.arrayBuffer()));
}

async function serverTemplate(serverUrl) {
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  const name = location.serverTemplateName;
  // Drop the previous run's databases (the template and its copies).
  const { rows } = await admin.query("select datname from pg_database where datname like $1", [`${name.replace(/_template$/, '')}_%`]);
  for (const row of rows) await admin.query(`drop database if exists "${row.datname}" with (force)`);
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  await migrate(url.toString());
}

/** The pooler the apps under test connect through (test-database.ts): present and answering, or the run stops here. */
async function checkPooler(poolerUrl) {
  if (!process.env.TEST_DATABASE_URL) throw new Error('TEST_DATABASE_POOLER_URL needs TEST_DATABASE_URL (the server behind the pooler)');
  const client = new Client({ connectionString: poolerUrl });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    throw new Error(`The pooler at TEST_DATABASE_POOLER_URL does not answer (scripts/pgbouncer.sh start): ${error.message}`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

const started = Date.now();
(process.env.TEST_DATABASE_POOLER_URL ? checkPooler(process.env.TEST_DATABASE_POOLER_URL) : Promise.resolve())
  .then(() => (process.env.TEST_DATABASE_URL ? serverTemplate(process.env.TEST_DATABASE_URL) : embeddedTemplate()))
  .then(() => process.stderr.write(`test database template ready in ${Date.now() - started} ms\n`))
  .catch((error) => {
    process.stderr.write(`${error.stack || error}\n`);
    process.exit(1);
  });
