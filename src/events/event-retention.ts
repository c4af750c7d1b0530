import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Deletes the events that occurred before the cut-off, and every event below the newest of them (so
 * the feed never has a hole below what is kept), and records how far it deleted in the counter row
 * (`purged_through`; a cursor below it answers 410). One statement; parameter: the cut-off time.
 * Sequences follow commit order and occurred_at is taken at commit, so they grow together.
 */
const PURGE = `with cutoff as (select max(sequence) as through from event where occurred_at < ?::timestamptz),
       gone as (delete from event where sequence <= (select through from cutoff) returning sequence)
  update event_counter set purged_through = greatest(purged_through, (select max(sequence) from gone))
   where id = 1 and exists (select 1 from gone)
   returning purged_through as "purgedThrough"`;

/** Deletes the events older than `retentionDays` before `now`; answers how far the feed is purged now (null: nothing deleted). */
export async function purgeExpiredEvents(em: EntityManager, retentionDays: number, now: Date = new Date()): Promise<number | null> {
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000);
  const [row] = await em.execute<Array<{ purgedThrough: string }>>(PURGE, [cutoff]);
  return row === undefined ? null : Number(row.purgedThrough);
}
