import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/** How far a key has got: taken by a request, its action committed, its answer stored. */
export type IdempotencyKeyState = 'claimed' | 'committed' | 'completed';

/**
 * One Idempotency-Key of one admin. The table is written with SQL (see idempotency-store.ts); the
 * entity only declares the schema so that migrations are generated from it.
 */
@Entity({ tableName: 'idempotency_key' })
export class IdempotencyKey {
  /** Whose key it is, e.g. `admin:12`. */
  @PrimaryKey({ type: 'string', length: 64 })
  scope!: string;

  /** SHA-256 (hex) of the Idempotency-Key; the key itself is never stored (key-secrets.ts). */
  @PrimaryKey({ type: 'string', length: 64 })
  key!: string;

  /** HMAC-SHA-256 (hex), under a key derived from the Idempotency-Key, of the SHA-256 of method, path and canonical body. */
  @Property({ type: 'string', length: 64 })
  requestHash!: string;

  @Property({ type: 'string', length: 16 })
  state!: IdempotencyKeyState;

  /** A random token of the request that holds the claim; the fence of its transaction checks it. */
  @Property({ type: 'uuid' })
  owner!: string;

  @Property({ type: 'smallint', nullable: true })
  responseStatus: number | null = null;

  @Property({ type: 'jsonb', nullable: true })
  responseHeaders: Record<string, string | string[]> | null = null;

  /** The body sealed with AES-256-GCM under a key derived from the Idempotency-Key (base64 of IV, tag, ciphertext). */
  @Property({ type: 'text', nullable: true })
  responseBody: string | null = null;

  @Property({ type: 'datetime' })
  createdAt!: Date;

  @Property({ type: 'datetime' })
  claimedAt!: Date;

  @Index()
  @Property({ type: 'datetime' })
  expiresAt!: Date;
}
