import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Opt } from '@mikro-orm/core';

/** One row: the index of the last order number handed out. */
@Entity({ tableName: 'order_sequence' })
export class OrderSequence {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @Property({ type: 'integer' })
  idx: number & Opt = 0;
}
