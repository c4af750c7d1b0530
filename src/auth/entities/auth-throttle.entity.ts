import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/** Failed password grants per (client, username) in the current window; shared by every instance. */
@Entity({ tableName: 'auth_throttle' })
export class AuthThrottle {
  @PrimaryKey({ type: 'string', length: 64 })
  key!: string;

  @Property({ type: 'integer' })
  failures!: number;

  @Property({ type: 'datetime' })
  windowStartedAt!: Date;
}
