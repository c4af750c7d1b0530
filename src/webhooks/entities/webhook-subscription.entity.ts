import { Entity, Opt, PrimaryKey, Property } from '@mikro-orm/core';

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

  @Property({ type: 'datetime', onCreate: () => new Date() })
  createdAt: Date & Opt = new Date();

  @Property({ type: 'datetime', onCreate: () => new Date(), onUpdate: () => new Date() })
  updatedAt: Date & Opt = new Date();
}
