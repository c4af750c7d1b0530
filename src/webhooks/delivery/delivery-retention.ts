import type { EntityManager } from '@mikro-orm/postgresql';

/** One statement; parameter: the cut-off time. Uses webhook_delivery_attempted_at_index. */
const PURGE = `with gone as (delete from webhook_delivery where attempted_at < ?::timestamptz returning 1)
  select count(*)::int as deleted from gone`;

/**
 * Deletes the delivery attempts made more than `retentionDays` before `now` (the deliveries list then
 * starts later): they are kept as long as the events they carried (EVENTS_RETENTION_DAYS). Answers how
 * many were deleted. Takes no lock a write waits for: attempts are only ever inserted.
 */
export async function purgeExpiredDeliveries(em: EntityManager, retentionDays: number, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000);
  const [row] = await em.execute<Array<{ deleted: number }>>(PURGE, [cutoff]);
  return row.deleted;
}
