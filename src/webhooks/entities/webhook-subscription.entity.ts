import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Opt } from '@mikro-orm/core';
import type { DeliveryState } from '../delivery/delivery-health';

/**
 * Where the API posts its events (§3 of the events contract). The secrets sign deliveries and are
 * never serialized: the API shows a secret only in the answer that made it.
 */
@Entity({ tableName: 'webhook_subscription' })
export class WebhookSubscription {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @Property({ type: 'string', length: 2048 })
  url!: string;

  /** Event types and `prefix.*` / `*` patterns (see src/events/event-patterns.ts). */
  @Property({ type: 'text[]' })
  events!: string[];

  @Property({ type: 'string', length: 255, nullable: true })
  description: string | null = null;

  @Property({ type: 'boolean' })
  enabled: boolean & Opt = true;

  /** `whsec_` + base64 of random bytes (see signing-secrets.ts). */
  @Property({ type: 'string', length: 128 })
  secret!: string;

  /** The secret before the last rotation; it still signs until previousSecretExpiresAt. */
  @Property({ type: 'string', length: 128, nullable: true })
  previousSecret: string | null = null;

  @Property({ type: 'datetime', nullable: true })
  previousSecretExpiresAt: Date | null = null;

  /**
   * From the database's clock, like the events' times: the dispatcher gives a subscription only the
   * events that happened after it was created.
   */
  @Property({ type: 'datetime' })
  createdAt!: Date;

  @Property({ type: 'datetime' })
  updatedAt!: Date;

  /** Its delivery health (src/webhooks/delivery/delivery-health.ts), moved by the deliverer only. */
  @Property({ type: 'string', length: 16, default: 'healthy' })
  deliveryState: DeliveryState & Opt = 'healthy';

  @Property({ type: 'datetime', nullable: true })
  deliverySince: Date | null = null;

  @Property({ type: 'integer', default: 0 })
  consecutiveFailures: number & Opt = 0;

  @Property({ type: 'string', length: 255, nullable: true })
  lastError: string | null = null;

  @Property({ type: 'datetime', nullable: true })
  pausedUntil: Date | null = null;

  resetDeliveryHealth(): void {
    this.deliveryState = 'healthy';
    this.deliverySince = null;
    this.consecutiveFailures = 0;
    this.lastError = null;
    this.pausedUntil = null;
  }
}
