import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { WebhookSubscription } from '../../entities/webhook-subscription.entity';

/** What became of an attempt: delivered, to be tried again (`nextAttemptAt`), or given up. */
export type DeliveryOutcome = 'succeeded' | 'retrying' | 'failed';

/**
 * One delivery attempt of an event (or a ping) to a subscription. Written with SQL by the delivery
 * worker (delivery-attempts.ts) in the transaction that finishes the attempt's job; the entity only
 * declares the schema.
 */
@Entity({ tableName: 'webhook_delivery' })
@Index({ name: 'webhook_delivery_subscription_id_id_index', properties: ['subscription', 'id'] })
@Index({ name: 'webhook_delivery_attempted_at_index', properties: ['attemptedAt'] })
export class WebhookDelivery {
  @PrimaryKey({ type: 'bigint' })
  id!: string;

  /** Its attempts go with a deleted subscription. */
  @ManyToOne({ entity: () => WebhookSubscription, deleteRule: 'cascade', index: false })
  subscription!: WebhookSubscription;

  /** `evt_` + the sequence, or a ping's id: the `webhook-id` header sent. */
  @Property({ type: 'string', length: 40 })
  eventId!: string;

  @Property({ type: 'string', length: 64 })
  eventType!: string;

  /** 1 for the first attempt, counting up through the retries. */
  @Property({ type: 'smallint' })
  attempt!: number;

  /** The retention cleanup (delivery-retention.ts) finds what is old by it. */
  @Property({ type: 'datetime' })
  attemptedAt!: Date;

  /** The receiver's HTTP status; null when there was no answer (see `error`). */
  @Property({ type: 'smallint', nullable: true })
  statusCode: number | null = null;

  /** Why there was no answer (timeout, refused address, connection error). */
  @Property({ type: 'string', length: 255, nullable: true })
  error: string | null = null;

  @Property({ type: 'integer' })
  durationMs!: number;

  @Property({ type: 'string', length: 16 })
  outcome!: DeliveryOutcome;

  @Property({ type: 'datetime', nullable: true })
  nextAttemptAt: Date | null = null;
}
