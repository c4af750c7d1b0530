import { MikroORM } from '@mikro-orm/postgresql';
import { PgBoss } from 'pg-boss';
import { buildOrmOptions } from '../../src/database/orm-options';
import { QueueDatabase } from '../../src/webhooks/delivery/queue-database';
import { DELIVERY_QUEUE, DISPATCH_QUEUE, QUEUE_SCHEMA } from '../../src/webhooks/delivery/queue-names';
import { startTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * The tables of pg-boss 10's schema (version 24) that Migration20261128200000 reads, as pg-boss 10 made
 * them (its job table without the partitions and indexes the move does not need).
 */
const PG_BOSS_10_SCHEMA = [
  `drop schema ${QUEUE_SCHEMA} cascade`,
  `create schema ${QUEUE_SCHEMA}`,
  `create type ${QUEUE_SCHEMA}.job_state as enum ('created', 'retry', 'active', 'completed', 'cancelled', 'failed')`,
  `create table ${QUEUE_SCHEMA}.version (version int primary key, maintained_on timestamptz, cron_on timestamptz, monitored_on timestamptz)`,
  `insert into ${QUEUE_SCHEMA}.version (version) values (24)`,
  `create table ${QUEUE_SCHEMA}.job (
     id uuid not null default gen_random_uuid(), name text not null, priority integer not null default(0), data jsonb,
     state ${QUEUE_SCHEMA}.job_state not null default('created'), retry_limit integer not null default(2), retry_count integer not null default(0),
     retry_delay integer not null default(0), retry_backoff boolean not null default false, start_after timestamptz not null default now(),
     started_on timestamptz, singleton_key text, singleton_on timestamp, expire_in interval not null default interval '15 minutes',
     created_on timestamptz not null default now(), completed_on timestamptz, keep_until timestamptz not null default now() + interval '14 days',
     output jsonb, dead_letter text, policy text)`,
];

const job = (state: string, key: string, sequence: number, startAfter: string, retryCount = 0) => ({ state, key, sequence, startAfter, retryCount });

describe('migration of the webhook queue from pg-boss 10 (schema 24) to pg-boss 12 (schema 46)', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await startTestDatabase();
  });

  afterAll(async () => {
    await database?.close();
  });

  it("carries the waiting delivery jobs over with their data, key and time, the active ones as waiting again, and drops pg-boss 10's schema", async () => {
    const orm = await MikroORM.init(buildOrmOptions({ clientUrl: database.url, poolSize: 1 }));
    try {
      const em = orm.em.fork();
      for (const statement of PG_BOSS_10_SCHEMA) await em.execute(statement);
      const jobs = [
        job('created', '1:7', 7, '2031-01-01T00:00:00.000Z'),
        job('retry', '1:8', 8, '2030-06-01T12:00:00.000Z', 2),
        job('active', '2:7', 7, '2020-01-01T00:00:00.000Z'),
        // A key with a waiting job and an active one: the waiting one is kept.
        job('created', '2:8', 8, '2032-01-01T00:00:00.000Z'),
        job('active', '2:8', 8, '2020-01-01T00:00:00.000Z'),
        job('completed', '1:6', 6, '2020-01-01T00:00:00.000Z'),
      ];
      for (const { state, key, sequence, startAfter, retryCount } of jobs) {
        const data = JSON.stringify({ subscriptionId: Number(key.split(':')[0]), sequence, attempt: retryCount + 1 });
        await em.execute(
          `insert into ${QUEUE_SCHEMA}.job (name, data, state, singleton_key, start_after, retry_count, retry_limit, retry_delay, expire_in, policy)
           values (?, ?::jsonb, ?::${QUEUE_SCHEMA}.job_state, ?, ?::timestamptz, ?, 50, 5, interval '15 seconds', 'stately')`,
          [DELIVERY_QUEUE, data, state, key, startAfter, retryCount],
        );
      }
      await em.execute(`insert into ${QUEUE_SCHEMA}.job (name, singleton_key, policy) values (?, 'cron', 'short')`, [DISPATCH_QUEUE]);
      await em.execute(`delete from mikro_orm_migrations where name = 'Migration20261128200000'`);

      await orm.migrator.up();

      expect(await em.execute(`select nspname from pg_namespace where nspname like 'pgboss%' order by nspname`)).toEqual([{ nspname: QUEUE_SCHEMA }]);
    } finally {
      await orm.close();
    }

    const queueDatabase = new QueueDatabase(database.url, !process.env.TEST_DATABASE_URL);
    const boss = new PgBoss({ db: queueDatabase, schema: QUEUE_SCHEMA, migrate: false, supervise: false, schedule: false, registerInstance: false });
    try {
      expect(await boss.schemaVersion()).toBe(46);
      await boss.start();
      const carried = (await boss.findJobs(DELIVERY_QUEUE)).map((found) => ({
        state: found.state,
        key: found.singletonKey,
        data: found.data,
        startAfter: Math.abs(Date.now() - found.startAfter.getTime()) < 60_000 ? 'now' : found.startAfter.toISOString(),
        retryCount: found.retryCount,
        retryLimit: found.retryLimit,
        retryDelay: found.retryDelay,
        expireInSeconds: found.expireInSeconds,
        policy: found.policy,
      }));
      const expected = (state: string, key: string, sequence: number, startAfter: string, retryCount = 0, attempt = retryCount + 1) => ({
        state,
        key,
        data: { subscriptionId: Number(key.split(':')[0]), sequence, attempt },
        startAfter,
        retryCount,
        retryLimit: 50,
        retryDelay: 5,
        expireInSeconds: 15,
        policy: 'stately',
      });
      expect(carried.sort((a, b) => `${a.key}${a.state}`.localeCompare(`${b.key}${b.state}`))).toEqual([
        expected('created', '1:7', 7, '2031-01-01T00:00:00.000Z'),
        expected('retry', '1:8', 8, '2030-06-01T12:00:00.000Z', 2),
        expected('created', '2:7', 7, 'now'),
        expected('created', '2:8', 8, '2032-01-01T00:00:00.000Z'),
      ]);
      expect(await boss.findJobs(DISPATCH_QUEUE)).toEqual([]);
      expect((await boss.getQueue(DELIVERY_QUEUE))?.policy).toBe('stately');
      expect((await boss.getQueue(DISPATCH_QUEUE))?.policy).toBe('short');
    } finally {
      await boss.stop({ graceful: false, close: false });
      await queueDatabase.close();
    }
  });
});
