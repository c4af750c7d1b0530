import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/**
 * One domain event of the feed (docs: /api/v1/events/). Written with SQL only, by the outbox at commit
 * (event-outbox.ts), never changed afterwards; the entity declares the schema for migrations.
 * `data` is `json`, not `jsonb`: json keeps the text as written, so the payload stays byte for byte
 * what the resource's GET answered (jsonb would reorder its keys).
 */
@Entity({ tableName: 'event' })
export class DomainEvent {
  @PrimaryKey({ type: 'bigint', autoincrement: false })
  sequence!: string;

  @Property({ type: 'string', length: 64 })
  type!: string;

  @Property({ type: 'json', columnType: 'json' })
  data!: unknown;

  /** The length of `data`'s text in bytes, written with it: the feed cuts its pages by it without reading `data`. */
  @Property({ type: 'integer' })
  dataBytes!: number;

  /** The retention cleanup finds what is old by it. */
  @Index()
  @Property({ type: 'datetime' })
  occurredAt!: Date;
}

/**
 * The one row that hands out sequences: the outbox moves `lastSequence` at commit, under this row's
 * lock (the last level of src/database/lock-order.ts). `purgedThrough` is the highest sequence the
 * retention cleanup has deleted. `id` is always 1 (an entity needs a primary key).
 */
@Entity({ tableName: 'event_counter' })
export class EventCounter {
  @PrimaryKey({ type: 'smallint', autoincrement: false })
  id!: number;

  @Property({ type: 'bigint' })
  lastSequence!: string;

  @Property({ type: 'bigint', defaultRaw: '0' })
  purgedThrough!: string;
}
