import type { EntityManager } from '@mikro-orm/postgresql';
import type { StoredEvent } from './event-envelope';

/**
 * A feed page stops after the event that brings its events' data to this many bytes or more (so it
 * holds at least one event when there is one), whatever its limit.
 */
export const FEED_PAGE_DATA_BYTES = 1024 * 1024;

/** A row of the event table: the sequence as bigint text, the time as text (see stored-dates.ts), the data as its stored text. */
interface EventRow {
  sequence: string;
  type: string;
  occurredAt: string;
  dataText: string;
}

const eventOf = (row: EventRow): StoredEvent => ({ sequence: Number(row.sequence), type: row.type, occurredAt: new Date(row.occurredAt), dataText: row.dataText });

/** Types and `prefix.*` patterns as one bound parameter (a JSON array), matched in SQL. */
const MATCHES_PATTERNS = `exists (select 1 from json_array_elements_text(?::json) p(v)
   where e.type = p.v or p.v = '*' or (right(p.v, 2) = '.*' and starts_with(e.type, left(p.v, -1))))`;

/**
 * A page of the feed and how far the retention cleanup has deleted, in one statement: one row per
 * event, or one row with null event columns when the page is empty (the counter row is always there).
 * The first `limit` events after the cursor are cut after the one whose running total of `data_bytes`
 * (the stored length of its data) reaches the byte bound; only the events kept are read from TOAST
 * (`data::text` is the text as stored). Parameters: after, [patterns,] limit, byte bound.
 */
const pageStatement = (filtered: boolean) => `
  select c.purged_through as "purgedThrough", page.sequence, page.type, page.occurred_at as "occurredAt", page.data::text as "dataText"
    from event_counter c
    left join lateral (
      select cut.sequence, cut.type, cut.occurred_at, cut.data
        from (select candidate.*, sum(candidate.data_bytes) over (order by candidate.sequence rows unbounded preceding) - candidate.data_bytes as bytes_before
                from (select e.sequence, e.type, e.occurred_at, e.data, e.data_bytes from event e
                       where e.sequence > ?::bigint ${filtered ? `and ${MATCHES_PATTERNS}` : ''}
                       order by e.sequence limit ?::int) candidate) cut
       where cut.bytes_before < ?::bigint) page on true
   where c.id = 1
   order by page.sequence`;
const PAGE = pageStatement(false);
const FILTERED_PAGE = pageStatement(true);

export interface EventPage {
  /** Events up to this sequence have been deleted. */
  purgedThrough: number;
  events: StoredEvent[];
}

/**
 * Events after `after`, in sequence order, at most `limit` and at most what brings their data to
 * {@link FEED_PAGE_DATA_BYTES}, of the given types and prefixes (all when none).
 */
export async function findEventPage(em: EntityManager, after: number, limit: number, patterns: readonly string[]): Promise<EventPage> {
  const rows = await em.execute<Array<{ purgedThrough: string } & ({ sequence: null } | EventRow)>>(
    patterns.length === 0 ? PAGE : FILTERED_PAGE,
    patterns.length === 0 ? [after, limit, FEED_PAGE_DATA_BYTES] : [after, JSON.stringify(patterns), limit, FEED_PAGE_DATA_BYTES],
  );
  const events = rows.flatMap((row) => (row.sequence === null ? [] : [eventOf(row)]));
  return { purgedThrough: Number(rows[0].purgedThrough), events };
}

const EVENT_BY_SEQUENCE = `select e.sequence, e.type, e.occurred_at as "occurredAt", e.data::text as "dataText" from event e where e.sequence = ?::bigint`;

export async function findEvent(em: EntityManager, sequence: number): Promise<StoredEvent | null> {
  const [row] = await em.execute<EventRow[]>(EVENT_BY_SEQUENCE, [sequence]);
  return row === undefined ? null : eventOf(row);
}
