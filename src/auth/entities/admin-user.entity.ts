import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Opt } from '@mikro-orm/core';

export const API_ACCESS_ROLE = 'ROLE_API_ACCESS';

@Entity({ tableName: 'admin_user' })
export class AdminUser {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @Property({ type: 'string' })
  username!: string;

  @Property({ type: 'string', unique: true })
  usernameCanonical!: string;

  @Property({ type: 'string', length: 254 })
  email!: string;

  @Property({ type: 'string', length: 254, unique: true })
  emailCanonical!: string;

  /** Argon2id PHC string; never serialized. */
  @Property({ type: 'text', hidden: true })
  passwordHash!: string;

  @Property({ type: 'text[]' })
  roles: string[] & Opt = [API_ACCESS_ROLE];

  @Property({ type: 'boolean' })
  enabled: boolean & Opt = true;

  @Property({ type: 'string', nullable: true })
  firstName: string | null = null;

  @Property({ type: 'string', nullable: true })
  lastName: string | null = null;

  @Property({ type: 'string', length: 12, nullable: true })
  localeCode: string | null = null;

  @Property({ type: 'datetime', onCreate: () => new Date() })
  createdAt: Date & Opt = new Date();

  @Property({ type: 'datetime', onCreate: () => new Date(), onUpdate: () => new Date() })
  updatedAt: Date & Opt = new Date();
}
