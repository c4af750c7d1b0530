import type { EventSubscriber, Transaction, TransactionEventArgs } from '@mikro-orm/core';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { EventType } from './event-types';

/** An event waiting for its transaction's commit: its type and the JSON text of its data. */
type PendingEvent = [EventType, string];

/**
 * Writes the events a transaction recorded, in one statement, just before it commits: the counter row
 * hands out as many sequences as there are events (its row lock, the last level of
 * src/database/lock-order.ts, is held until the commit), so a transaction that commits later always
 * gets higher sequences, and a poller that has seen sequence N never meets a new event at or below N.
 * Parameters: the number of events, the same again, the events as a JSON array of [type, data text]
 * (the data text goes in as text and is cast to json, so it is stored exactly as given).
 */
const WRITE_EVENTS = `with counter as (
    update event_counter set last_sequence = last_sequence + ?::int where id = 1 returning last_sequence, clock_timestamp() as at)
  insert into event (sequence, type, data, occurred_at)
  select counter.last_sequence - ?::int + e.n, e.item->>0, (e.item->>1)::json, counter.at
    from counter, json_array_elements(?::json) with ordinality as e(item, n)`;

/** Test only (EVENTS_NAIVE_SEQUENCE=1): the sequence a plain sequence gives at insert time, which is not commit order. */
const NAIVE_SEQUENCE = `create sequence if not exists event_naive_sequence`;
const WRITE_EVENT_NAIVELY = `insert into event (sequence, type, data, occurred_at) values (nextval('event_naive_sequence'), ?, ?::json, clock_timestamp())`;

/**
 * The transactional outbox of one ORM: holds the events each open transaction records and writes them
 * in that transaction just before it commits (nothing when it rolls back). It must be registered on the
 * ORM it serves (registerEventOutbox); the application has one, a provider of the EventsModule.
 */
export class EventOutbox implements EventSubscriber {
  private readonly held = new WeakMap<Transaction, PendingEvent[]>();

  /** EVENTS_NAIVE_SEQUENCE=1 (tests only) takes sequences from a plain sequence at insert time instead, to show what that breaks. */
  constructor(readonly naive = process.env.EVENTS_NAIVE_SEQUENCE === '1') {}

  /**
   * Records an event of the change `tx` is making: it is written in the same transaction, just before it
   * commits. `data` is what the resource's GET answers, as the serializer returned it. Costs no statement
   * now, and one statement at commit for all the transaction's events.
   */
  async record(tx: EntityManager, event: { type: EventType; data: unknown }): Promise<void> {
    if (!tx.isInTransaction()) throw new Error(`The event ${event.type} must be recorded inside the transaction of its change`);
    // Held by an outbox the transaction does not notify, it would never be written.
    if (!tx.getEventManager().getSubscribers().has(this)) throw new Error(`The event ${event.type} is recorded in an outbox not registered on its ORM (registerEventOutbox)`);
    const pending: PendingEvent = [event.type, JSON.stringify(event.data)];
    if (this.naive) {
      // Inserted at once, it goes with its savepoint if that rolls back.
      await tx.execute(WRITE_EVENT_NAIVELY, pending);
      return;
    }
    this.hold(tx.getTransactionContext(), pending);
  }

  private hold(transaction: Transaction, event: PendingEvent): void {
    const events = this.held.get(transaction);
    if (events === undefined) this.held.set(transaction, [event]);
    else events.push(event);
  }

  async beforeTransactionCommit({ em, transaction }: TransactionEventArgs): Promise<void> {
    if (transaction === undefined) return;
    const events = this.held.get(transaction);
    if (events === undefined) return;
    this.held.delete(transaction);
    await em.getConnection().execute(WRITE_EVENTS, [events.length, events.length, JSON.stringify(events)], 'run', transaction);
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
