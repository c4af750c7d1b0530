import type { Connection, EventSubscriber, Transaction, TransactionEventArgs } from '@mikro-orm/core';
import type { EntityManager, Knex, MikroORM } from '@mikro-orm/postgresql';
import type { EventType } from './event-types';
import { rootTransactionOf, SavepointMarks } from './savepoint-marks';

/** An event waiting for its transaction's commit: its type and the JSON text of its data. */
type PendingEvent = [EventType, string];

/**
 * Writes the events a transaction recorded, in one statement, just before it commits: the counter row
 * hands out as many sequences as there are events (its row lock, the last level of
 * src/database/lock-order.ts, is held until the commit), so a transaction that commits later always
 * gets higher sequences, and a poller that has seen sequence N never meets a new event at or below N.
 * Each event's data goes in as text and is cast to json, so it is stored exactly as given, with its
 * length in bytes beside it (`data_bytes`: the feed cuts its pages by it without reading the data).
 * Parameters: the number of events, the events as a JSON array of [type, data text], the number again.
 */
const WRITE_EVENTS = `with counter as (
    update event_counter set last_sequence = last_sequence + ?::int where id = 1 returning last_sequence, clock_timestamp() as at),
  given as materialized (
    select e.item->>0 as type, e.item->>1 as data, e.n from json_array_elements(?::json) with ordinality as e(item, n))
  insert into event (sequence, type, data, data_bytes, occurred_at)
  select counter.last_sequence - ?::int + given.n, given.type, given.data::json, octet_length(given.data), counter.at
    from counter, given`;

/** Test only (EVENTS_NAIVE_SEQUENCE=1): the sequence a plain sequence gives at insert time, which is not commit order. */
const NAIVE_SEQUENCE = `create sequence if not exists event_naive_sequence`;
const WRITE_EVENT_NAIVELY = `insert into event (sequence, type, data, data_bytes, occurred_at)
  select nextval('event_naive_sequence'), ?, given.data::json, octet_length(given.data), clock_timestamp() from (select ?::text as data) given`;

/** What a root transaction holds for its commit: its events, in the order they were recorded, and which savepoint recorded which. */
class HeldEvents {
  readonly events: PendingEvent[] = [];
  /** The mark of the savepoint each event was recorded in, by the event's index; none for those recorded outside any. */
  private readonly markOfEvent = new Map<number, string>();
  readonly savepoints = new SavepointMarks();

  add(event: PendingEvent, savepointMark: string | null): void {
    if (savepointMark !== null) this.markOfEvent.set(this.events.length, savepointMark);
    this.events.push(event);
  }

  /** The events whose changes commit: those of savepoints that were rolled back (whose marks are gone) are left out. */
  async committing(connection: Connection, root: Transaction): Promise<PendingEvent[]> {
    if (this.savepoints.isEmpty) return this.events;
    const live = await this.savepoints.live(connection, root);
    return this.events.filter((_, index) => {
      const mark = this.markOfEvent.get(index);
      return mark === undefined || live.has(mark);
    });
  }
}

/**
 * The transactional outbox of one ORM: holds the events each open transaction records and writes them
 * in that transaction just before it commits (nothing when it rolls back). An event recorded in a
 * savepoint (a nested `em.transactional`) is written with its root transaction, unless that savepoint,
 * or one around it, rolled back (savepoint-marks.ts). It must be registered on the ORM it serves
 * (registerEventOutbox); the application has one, a provider of the EventsModule.
 */
export class EventOutbox implements EventSubscriber {
  private readonly held = new WeakMap<Transaction, HeldEvents>();

  /** EVENTS_NAIVE_SEQUENCE=1 (tests only) takes sequences from a plain sequence at insert time instead, to show what that breaks. */
  constructor(readonly naive = process.env.EVENTS_NAIVE_SEQUENCE === '1') {}

  /**
   * Records an event of the change `tx` is making: it is written in the same transaction, just before it
   * commits. `data` is what the resource's GET answers, as the serializer returned it. Costs no statement
   * now (one the first time a savepoint records one), and one statement at commit for all the
   * transaction's events.
   */
  async record(tx: EntityManager, event: { type: EventType; data: unknown }): Promise<void> {
    const context = tx.getTransactionContext<Knex.Transaction>();
    if (context === undefined) throw new Error(`The event ${event.type} must be recorded inside the transaction of its change`);
    // Held by an outbox the transaction does not notify, it would never be written.
    if (!tx.getEventManager().getSubscribers().has(this)) throw new Error(`The event ${event.type} is recorded in an outbox not registered on its ORM (registerEventOutbox)`);
    const pending: PendingEvent = [event.type, JSON.stringify(event.data)];
    if (this.naive) {
      // Inserted at once, it goes with its savepoint if that rolls back.
      await tx.execute(WRITE_EVENT_NAIVELY, pending);
      return;
    }
    const root = rootTransactionOf(context);
    const held = this.heldFor(root);
    held.add(pending, context === root ? null : await held.savepoints.markOf(tx, context));
  }

  private heldFor(root: Transaction): HeldEvents {
    let held = this.held.get(root);
    if (held === undefined) this.held.set(root, (held = new HeldEvents()));
    return held;
  }

  async beforeTransactionCommit({ em, transaction }: TransactionEventArgs): Promise<void> {
    if (transaction === undefined) return;
    const held = this.held.get(transaction);
    if (held === undefined) return;
    this.held.delete(transaction);
    const connection = em.getConnection();
    const events = await held.committing(connection, transaction);
    if (events.length === 0) return;
    await connection.execute(WRITE_EVENTS, [events.length, JSON.stringify(events), events.length], 'run', transaction);
  }

  afterTransactionRollback({ transaction }: TransactionEventArgs): void {
    if (transaction !== undefined) this.held.delete(transaction);
  }
}

/**
 * Registers an outbox on an ORM and answers it; every ORM that writes has one (the application's is the
 * EventsModule's provider; the CLI, the fixtures, tests and benchmarks that open their own ORM register
 * one here and pass it to what records events). Register it after any other subscriber that writes before
 * a commit (the idempotency fence), so the counter lock is the last one taken. An ORM has one outbox: a
 * second one is refused.
 */
export async function registerEventOutbox(orm: MikroORM, outbox = new EventOutbox()): Promise<EventOutbox> {
  const events = orm.em.getEventManager();
  const registered = [...events.getSubscribers()].find((subscriber) => subscriber instanceof EventOutbox);
  if (registered === outbox) return outbox;
  if (registered !== undefined) throw new Error('This ORM already has an event outbox');
  if (outbox.naive) await orm.em.getConnection().execute(NAIVE_SEQUENCE);
  events.registerSubscriber(outbox);
  return outbox;
}
