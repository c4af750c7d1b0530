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

/** The outbox of one ORM: the events of each open transaction, keyed by the transaction. */
class EventOutbox implements EventSubscriber {
  private readonly pending = new WeakMap<Transaction, PendingEvent[]>();

  constructor(private readonly naive: boolean) {}

  async record(tx: EntityManager, type: EventType, data: unknown): Promise<void> {
    if (!tx.isInTransaction()) throw new Error(`The event ${type} must be recorded inside the transaction of its change`);
    const text = JSON.stringify(data);
    if (this.naive) await tx.execute(WRITE_EVENT_NAIVELY, [type, text]);
    else this.hold(tx.getTransactionContext(), [type, text]);
  }

  private hold(transaction: Transaction, event: PendingEvent): void {
    const events = this.pending.get(transaction);
    if (events === undefined) this.pending.set(transaction, [event]);
    else events.push(event);
  }

  async beforeTransactionCommit({ em, transaction }: TransactionEventArgs): Promise<void> {
    if (transaction === undefined) return;
    const events = this.pending.get(transaction);
    if (events === undefined) return;
    this.pending.delete(transaction);
    await em.getConnection().execute(WRITE_EVENTS, [events.length, JSON.stringify(events), events.length], 'run', transaction);
  }

  afterTransactionRollback({ transaction }: TransactionEventArgs): void {
    if (transaction !== undefined) this.pending.delete(transaction);
  }
}

function outboxOf(em: EntityManager): EventOutbox | undefined {
  for (const subscriber of em.getEventManager().getSubscribers()) if (subscriber instanceof EventOutbox) return subscriber;
  return undefined;
}

/**
 * Records an event of the change `tx` is making: it is written in the same transaction, just before it
 * commits (nothing when it rolls back). `data` is what the resource's GET answers, as the serializer
 * returned it. Costs no statement now, and one statement at commit for all the transaction's events.
 */
export async function recordEvent(tx: EntityManager, event: { type: EventType; data: unknown }): Promise<void> {
  const outbox = outboxOf(tx);
  if (outbox === undefined) throw new Error('No event outbox is registered on this ORM (registerEventOutbox)');
  await outbox.record(tx, event.type, event.data);
}

/**
 * Registers the outbox on an ORM; every ORM that writes must have it (the app, the CLI, the fixtures,
 * tests and benchmarks that open their own). Register it after any other subscriber that writes before
 * a commit (the idempotency fence), so the counter lock is the last one taken. EVENTS_NAIVE_SEQUENCE=1
 * (tests only) takes sequences from a plain sequence at insert time instead, to show what that breaks.
 */
export async function registerEventOutbox(orm: MikroORM, naive = process.env.EVENTS_NAIVE_SEQUENCE === '1'): Promise<void> {
  const events = orm.em.getEventManager();
  if ([...events.getSubscribers()].some((subscriber) => subscriber instanceof EventOutbox)) return;
  if (naive) await orm.em.getConnection().execute(NAIVE_SEQUENCE);
  events.registerSubscriber(new EventOutbox(naive));
}
