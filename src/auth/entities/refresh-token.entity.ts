import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Opt } from '@mikro-orm/core';
import { AdminUser } from './admin-user.entity';
import { OAuthClient } from './oauth-client.entity';

/** Only the SHA-256 of the token is stored; the token itself is shown once, when issued. */
@Entity({ tableName: 'refresh_token' })
export class RefreshToken {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @Property({ type: 'string', length: 64, unique: true, hidden: true })
  tokenHash!: string;

  @ManyToOne({ entity: () => OAuthClient, deleteRule: 'cascade' })
  client!: OAuthClient;

  @Index()
  @ManyToOne({ entity: () => AdminUser, deleteRule: 'cascade' })
  user!: AdminUser;

  /** Null means the token never expires. */
  @Property({ type: 'datetime', nullable: true })
  expiresAt: Date | null = null;

  @Property({ type: 'string', nullable: true })
  scope: string | null = null;

  @Property({ type: 'datetime', onCreate: () => new Date() })
  createdAt: Date & Opt = new Date();
}
