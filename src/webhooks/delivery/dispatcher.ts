import type { PgBoss } from 'pg-boss';
import { deliveryJob } from './delivery-jobs';
import { DELIVERY_QUEUE } from './queue-names';
import type { QueueDatabase } from './queue-database';
import { matchesEventPatterns } from '../../events';

/**
 * Jobs made per transaction, about: the events of a batch are as many as give this many jobs with every
 * enabled subscription (at least one event). A full batch is followed by another at once.
 */
const JOBS_PER_BATCH = 2000;
const MAX_EVENTS_PER_BATCH = 500;

/**
 * Whether there is anything to dispatch: a kick that finds nothing costs this one statement and no
 * transaction. While no subscription is enabled there never is: the cursor then moves past the new
 * events in the same statement (its row lock taken alone, as level 10 asks), so a subscription enabled
 * later starts from there. Most writes of a shop without subscriptions thus cost the dispatcher one
 * statement instead of a transaction of five.
 */
const ANYTHING_TO_DISPATCH = `with listening as (select exists (select 1 from webhook_subscription where enabled) as yes),
       latest as (select max(sequence) as sequence from event),
       passed as (update webhook_dispatch_cursor set last_sequence = (select sequence from latest)
                   where id = 1 and not (select yes from listening) and last_sequence < (select sequence from latest))
  select (select yes from listening)
     and exists (select 1 from event where sequence > (select last_sequence from webhook_dispatch_cursor where id = 1)) as "anything"`;
/** Lock-order level 10 (src/database/lock-order.ts): only dispatching and replaying take it, alone. */
const LOCK_CURSOR = `select last_sequence as "lastSequence" from webhook_dispatch_cursor where id = 1 for update`;
const EVENTS_AFTER = `select sequence, type, occurred_at as "occurredAt" from event where sequence > $1 order by sequence limit $2`;
const ENABLED_SUBSCRIPTIONS = `select id, events, created_at as "createdAt" from webhook_subscription where enabled`;
const MOVE_CURSOR = `update webhook_dispatch_cursor set last_sequence = $1 where id = 1`;

interface EventRow {
  sequence: string;
  type: string;
  occurredAt: Date;
}

interface SubscriptionRow {
  id: number;
  events: string[];
  createdAt: Date;
}

/**
 * Turns the events after the cursor into one delivery job per matching enabled subscription and moves
 * the cursor past them, in one transaction: a crash at any point either did all of it or none, so no
 * event is skipped or dispatched twice. Sequences are given in commit order, so an event committed
 * later never gets a sequence below the cursor. A subscription only gets events that happened after
 * it was created. Answers how many jobs were created.
 */
export async function dispatchNewEvents(database: QueueDatabase, boss: PgBoss, attemptTimeoutMs: number): Promise<number> {
  const [{ anything }] = await database.query<{ anything: boolean }>(ANYTHING_TO_DISPATCH);
  if (!anything) return 0;
  let created = 0;
  for (;;) {
    const batch = await database.transaction(async (tx) => {
      const [cursor] = await tx.query<{ lastSequence: string }>(LOCK_CURSOR);
      const subscriptions = await tx.query<SubscriptionRow>(ENABLED_SUBSCRIPTIONS);
      const limit = Math.max(1, Math.min(MAX_EVENTS_PER_BATCH, Math.floor(JOBS_PER_BATCH / Math.max(1, subscriptions.length))));
      const events = await tx.query<EventRow>(EVENTS_AFTER, [cursor.lastSequence, limit]);
      if (events.length === 0) return { full: false, jobs: 0 };
      const jobs = events.flatMap((event) =>
        subscriptions
          .filter((subscription) => subscription.createdAt <= event.occurredAt && matchesEventPatterns(subscription.events, event.type))
          .map((subscription) => deliveryJob({ subscriptionId: subscription.id, sequence: Number(event.sequence), attempt: 1 }, attemptTimeoutMs)),
      );
      if (jobs.length > 0) await boss.insert(DELIVERY_QUEUE, jobs, { db: tx });
      await tx.query(MOVE_CURSOR, [events[events.length - 1].sequence]);
      return { full: events.length === limit, jobs: jobs.length };
    });
    created += batch.jobs;
    if (!batch.full) return created;
  }
}
