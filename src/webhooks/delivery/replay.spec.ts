import type { JobInsert, PgBoss } from 'pg-boss';
import { HEALTHY } from './delivery-health';
import type { DeliveryJobData } from './delivery-jobs';
import type { DeliveryTarget } from './delivery-messages';
import type { QueueDatabase } from './queue-database';
import { replayEvents } from './replay';

const target: DeliveryTarget = {
  id: 7,
  url: 'https://hooks.example.com/receive',
  events: ['customer.*'],
  enabled: true,
  secret: 'whsec_c2VjcmV0',
  previousSecret: null,
  previousSecretExpiresAt: null,
  health: HEALTHY,
};

/** The event table after sequence 2: 5 was purged, 4 is of a type the subscription no longer takes; the cursor is at 6. */
const EVENTS = [
  { sequence: '3', type: 'customer.created' },
  { sequence: '4', type: 'order.created' },
  { sequence: '6', type: 'customer.updated' },
];

/** One transaction's statements, as the replay sends them: the cursor, the delete of waiting jobs, the events. */
function queue(waiting: DeliveryJobData[]) {
  const inserted: Array<JobInsert<DeliveryJobData>> = [];
  const tx = {
    query: (text: string, values: unknown[] = []) => {
      if (text.includes('webhook_dispatch_cursor')) return Promise.resolve([{ lastSequence: '6' }]);
      const [from, to] = values.map(Number);
      return Promise.resolve(EVENTS.filter((event) => Number(event.sequence) > from && Number(event.sequence) <= to));
    },
    executeSql: (text: string) => Promise.resolve({ rows: text.startsWith('delete') ? waiting.map((data) => ({ data })) : [] }),
  };
  const database = { transaction: (work: (transaction: typeof tx) => Promise<unknown>) => work(tx) } as unknown as QueueDatabase;
  const boss = {
    insert: (_name: string, jobs: Array<JobInsert<DeliveryJobData>>) => {
      inserted.push(...jobs);
      return Promise.resolve(null);
    },
  } as unknown as PgBoss;
  return { database, boss, inserted };
}

describe('a replay', () => {
  it('queues the matching events again, and answers the waiting jobs it deleted with nothing in their place, by reason', async () => {
    const { database, boss, inserted } = queue([
      { subscriptionId: 7, sequence: 3, attempt: 2 },
      { subscriptionId: 7, sequence: 4, attempt: 3 },
      { subscriptionId: 7, sequence: 5, attempt: 2 },
      { subscriptionId: 7, sequence: 6, attempt: 1, deferred: true },
    ]);

    const result = await replayEvents(database, boss, target, 2, 2000);

    expect(inserted.map((job) => job.data)).toEqual([
      { subscriptionId: 7, sequence: 3, attempt: 1 },
      { subscriptionId: 7, sequence: 6, attempt: 1 },
    ]);
    expect(result).toEqual({
      queued: 2,
      dropped: [
        { job: { subscriptionId: 7, sequence: 4, attempt: 3 }, reason: 'replay_no_longer_matches' },
        { job: { subscriptionId: 7, sequence: 5, attempt: 2 }, reason: 'event_gone' },
      ],
    });
  });

  it('drops nothing when every waiting job is queued again', async () => {
    const { database, boss } = queue([{ subscriptionId: 7, sequence: 6, attempt: 2 }]);

    expect(await replayEvents(database, boss, target, 2, 2000)).toEqual({ queued: 2, dropped: [] });
  });
});
