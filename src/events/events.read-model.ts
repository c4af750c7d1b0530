import type { EntityManager } from '@mikro-orm/postgresql';
import type { StoredEvent } from './event-envelope';

/** A row of the event table: the sequence as bigint text, the time as text (see stored-dates.ts), the data parsed. */
interface EventRow {
  sequence: string;
  type: string;
  occurredAt: string;
  data: unknown;
}

const EVENT_COLUMNS = `e.sequence, e.type, e.occurred_at as "occurredAt", e.data`;

const eventOf = (row: EventRow): StoredEvent => ({ sequence: Number(row.sequence), type: row.type, occurredAt: new Date(row.occurredAt), data: row.data });

/** Types and `prefix.*` patterns as one bound parameter (a JSON array), matched in SQL. */
const MATCHES_PATTERNS = `exists (select 1 from json_array_elements_text(?::json) p(v)
   where e.type = p.v or p.v = '*' or (right(p.v, 2) = '.*' and starts_with(e.type, left(p.v, -1))))`;

/**
 * A page of the feed and how far the retention cleanup has deleted, in one statement (the counter row
 * is always there). Parameters: after, [patterns,] limit.
 */
const pageStatement = (filtered: boolean) => `
  select c.purged_through as "purgedThrough", coalesce(page.items, '[]'::json) as items
    from event_counter c
    left join lateral (
      select json_agg(row_to_json(picked) order by picked.sequence) as items
        from (select ${EVENT_COLUMNS} from event e
               where e.sequence > ?::bigint ${filtered ? `and ${MATCHES_PATTERNS}` : ''}
               order by e.sequence limit ?::int) picked) page on true
   where c.id = 1`;
const PAGE = pageStatement(false);
const FILTERED_PAGE = pageStatement(true);

export interface EventPage {
  /** Events up to this sequence have been deleted. */
  purgedThrough: number;
  events: StoredEvent[];
}

/**
 * Events after `after`, in sequence order, at most `limit`, of the given types and prefixes (all when
 * none). The `data` of each is read back through row_to_json/json_agg, which embed a json value's text
 * as it is stored.
 */
export async function findEventPage(em: EntityManager, after: number, limit: number, patterns: readonly string[]): Promise<EventPage> {
  const [row] = await em.execute<Array<{ purgedThrough: string; items: Array<{ sequence: number | string; type: string; occurredAt: string; data: unknown }> }>>(
    patterns.length === 0 ? PAGE : FILTERED_PAGE,
    patterns.length === 0 ? [after, limit] : [after, JSON.stringify(patterns), limit],
  );
  return { purgedThrough: Number(row.purgedThrough), events: row.items.map((item) => eventOf({ ...item, sequence: String(item.sequence) })) };
}

const EVENT_BY_SEQUENCE = `select ${EVENT_COLUMNS} from event e where e.sequence = ?::bigint`;

export async function findEvent(em: EntityManager, sequence: number): Promise<StoredEvent | null> {
  const [row] = await em.execute<EventRow[]>(EVENT_BY_SEQUENCE, [sequence]);
  return row === undefined ? null : eventOf(row);
}
