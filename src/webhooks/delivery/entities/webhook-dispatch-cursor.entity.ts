import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/**
 * The one row (id 1) holding the sequence of the last event turned into delivery jobs. Events are
 * numbered in commit order, so everything after it is still to dispatch (dispatcher.ts).
 */
@Entity({ tableName: 'webhook_dispatch_cursor' })
export class WebhookDispatchCursor {
  @PrimaryKey({ type: 'smallint', autoincrement: false })
  id!: number;

  @Property({ type: 'bigint' })
  lastSequence!: string;
}
