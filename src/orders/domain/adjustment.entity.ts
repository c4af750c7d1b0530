import { Check, Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Opt } from '@mikro-orm/core';
import { OrderItemUnit } from './order-item-unit.entity';
import { OrderItem } from './order-item.entity';
import { Order } from './order.entity';

/** A signed amount attached to exactly one of: an order, an item, or a unit. */
@Entity({ tableName: 'adjustment' })
@Check({
  name: 'adjustment_single_owner_check',
  expression: '(case when order_id is null then 0 else 1 end + case when order_item_id is null then 0 else 1 end + case when order_item_unit_id is null then 0 else 1 end) = 1',
})
export class Adjustment {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @Index()
  @ManyToOne({ entity: () => Order, nullable: true, deleteRule: 'cascade' })
  order: Order | null = null;

  @Index()
  @ManyToOne({ entity: () => OrderItem, nullable: true, deleteRule: 'cascade' })
  orderItem: OrderItem | null = null;

  @Index()
  @ManyToOne({ entity: () => OrderItemUnit, nullable: true, deleteRule: 'cascade' })
  orderItemUnit: OrderItemUnit | null = null;

  @Property({ type: 'string', length: 64 })
  type!: string;

  @Property({ type: 'string' })
  label!: string;

  @Property({ type: 'integer' })
  amount!: number;

  /** Neutral adjustments (taxes included in the price) never count toward totals. */
  @Property({ type: 'boolean' })
  neutral: boolean & Opt = false;

  @Property({ type: 'boolean' })
  locked: boolean & Opt = false;

  @Property({ type: 'string', nullable: true })
  originCode: string | null = null;
}
