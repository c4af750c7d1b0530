import type { EventSubscriber, Transaction, TransactionEventArgs } from '@mikro-orm/core';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Kysely } from 'kysely';
import { namedRows, namedStatement } from '../database/named-statements';
import { isSavepoint } from '../database/savepoints';
import type { EventType } from './event-types';

/** A root transaction or a savepoint, as MikroORM hands it to subscribers. */
type Context = Transaction<object>;

/** MikroORM types the transaction of its events loosely (`any`). */
const contextOf = (args: TransactionEventArgs): Context | undefined => args.transaction as Context | undefined;

/** An event waiting for its transaction's commit: its type and the JSON text of its data. */
type PendingEvent = [EventType, string];

/**
 * Writes the events a transaction recorded, in one statement, just before it commits: the counter row
 * hands out as many sequences as there are events (its row lock, the last level of
 * src/database/lock-order.ts, is held until the commit), so a transaction that commits later always
 * gets higher sequences, and a poller that has seen sequence N never meets a new event at or below N.
 * Each event's data goes in as text and is cast to json, so it is stored exactly as given, with its
 * length in bytes beside it (`data_bytes`: the feed cuts its pages by it without reading the data).
 * Parameters: the number of events, the events as a JSON array of [type, data text]. A declared statement
 * (named-statements.ts), so that text goes out bound, not escaped into the statement: a 1,000-piece cart's
 * event is a few hundred kB.
 */
const WRITE_EVENTS = namedStatement(
  'write_events',
  `with counter as (
    update event_counter set last_sequence = last_sequence + $1::int where id = 1 returning last_sequence, clock_timestamp() as at),
  given as materialized (
    select e.item->>0 as type, e.item->>1 as data, e.n from json_array_elements($2::json) with ordinality as e(item, n))
  insert into event (sequence, type, data, data_bytes, occurred_at)
  select counter.last_sequence - $1::int + given.n, given.type, given.data::json, octet_length(given.data), counter.at
    from counter, given`,
);

/** Test only (EVENTS_NAIVE_SEQUENCE=1): the sequence a plain sequence gives at insert time, which is not commit order. */
const NAIVE_SEQUENCE = `create sequence if not exists event_naive_sequence`;
const WRITE_EVENT_NAIVELY = `insert into event (sequence, type, data, data_bytes, occurred_at)
  select nextval('event_naive_sequence'), ?, given.data::json, octet_length(given.data), clock_timestamp() from (select ?::text as data) given`;

/**
 * The transactional outbox of one ORM: holds the events each open transaction records and writes them
 * in that transaction just before it commits (nothing when it rolls back). A nested `em.transactional`
 * runs in a savepoint, and MikroORM tells subscribers of savepoints too: the events a savepoint recorded
 * join its parent's when it is released and are dropped when it rolls back, so the root transaction
 * writes exactly those whose changes commit. It must be registered on the ORM it serves
 * (registerEventOutbox); the application has one, a provider of the EventsModule.
 */
export class EventOutbox implements EventSubscriber {
  /** The events each open transaction or savepoint recorded, in the order they were recorded. */
  private readonly held = new WeakMap<Context, PendingEvent[]>();
  /** The transaction or savepoint each open savepoint runs in. */
  private readonly parentOf = new WeakMap<Context, Context>();
  /** A savepoint being opened: MikroORM names its parent before it starts and the savepoint after, both on the same fork. */
  private readonly openingUnder = new WeakMap<EntityManager, Context>();

  /** EVENTS_NAIVE_SEQUENCE=1 (tests only) takes sequences from a plain sequence at insert time instead, to show what that breaks. */
  constructor(readonly naive = process.env.EVENTS_NAIVE_SEQUENCE === '1') {}

  /**
   * Records an event of the change `tx` is making: it is written in the same transaction, just before it
   * commits. `data` is what the resource's GET answers, as the serializer returned it. Costs no statement
   * now, and one statement at commit for all the transaction's events.
   */
  async record(tx: EntityManager, event: { type: EventType; data: unknown }): Promise<void> {
    const context = tx.getTransactionContext<Context>();
    if (context === undefined) throw new Error(`The event ${event.type} must be recorded inside the transaction of its change`);
    // Held by an outbox the transaction does not notify, it would never be written.
    if (!tx.getEventManager().getSubscribers().has(this)) throw new Error(`The event ${event.type} is recorded in an outbox not registered on its ORM (registerEventOutbox)`);
    if (isSavepoint(context) && !this.parentOf.has(context)) throw new Error(`The event ${event.type} is recorded in a savepoint opened before its outbox was registered`);
    const pending: PendingEvent = [event.type, JSON.stringify(event.data)];
    if (this.naive) {
      // Inserted at once, it goes with its savepoint if that rolls back.
      await tx.execute(WRITE_EVENT_NAIVELY, pending);
      return;
    }
    this.heldFor(context).push(pending);
  }

  private heldFor(transaction: Context): PendingEvent[] {
    let events = this.held.get(transaction);
    if (events === undefined) this.held.set(transaction, (events = []));
    return events;
  }

  beforeTransactionStart(args: TransactionEventArgs): void {
    const { em } = args;
    const transaction = contextOf(args);
    if (transaction !== undefined) this.openingUnder.set(em as EntityManager, transaction);
  }

  afterTransactionStart(args: TransactionEventArgs): void {
    const { em } = args;
    const transaction = contextOf(args);
    const parent = this.openingUnder.get(em as EntityManager);
    if (parent === undefined || transaction === undefined) return;
    this.openingUnder.delete(em as EntityManager);
    this.parentOf.set(transaction, parent);
  }

  async beforeTransactionCommit(args: TransactionEventArgs): Promise<void> {
    const { em } = args;
    const transaction = contextOf(args);
    if (transaction === undefined || isSavepoint(transaction)) return;
    const events = this.held.get(transaction);
    if (events === undefined) return;
    this.held.delete(transaction);
    await namedRows(em as EntityManager, WRITE_EVENTS, [events.length, JSON.stringify(events)], undefined, transaction as unknown as Pick<Kysely<unknown>, 'executeQuery'>);
  }

  afterTransactionCommit(args: TransactionEventArgs): void {
    const transaction = contextOf(args);
    if (transaction === undefined || !isSavepoint(transaction)) return;
    const parent = this.parentOf.get(transaction);
    const events = this.held.get(transaction);
    this.held.delete(transaction);
    if (parent !== undefined && events !== undefined) this.heldFor(parent).push(...events);
  }

  afterTransactionRollback(args: TransactionEventArgs): void {
    const transaction = contextOf(args);
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
