import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/** Password attempts per subject (admin, or unknown username) in the current window; shared by every instance. */
@Entity({ tableName: 'auth_throttle' })
export class AuthThrottle {
  @PrimaryKey({ type: 'string', length: 64 })
  key!: string;

  @Property({ type: 'integer' })
  failures!: number;

  /** Indexed for the sweep of ended windows. */
  @Index({ name: 'auth_throttle_window_started_at_index' })
  @Property({ type: 'datetime' })
  windowStartedAt!: Date;
}
