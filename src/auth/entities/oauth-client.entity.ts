import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Opt } from '@mikro-orm/core';

@Entity({ tableName: 'oauth_client' })
export class OAuthClient {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  /** The public id that clients send as client_id. */
  @Property({ type: 'string', unique: true })
  randomId!: string;

  /** SHA-256 (hex) of the client secret. */
  @Property({ type: 'string', length: 64, hidden: true })
  secretHash!: string;

  @Property({ type: 'text[]' })
  allowedGrantTypes: string[] & Opt = [];

  @Property({ type: 'datetime', onCreate: () => new Date() })
  createdAt: Date & Opt = new Date();
}
