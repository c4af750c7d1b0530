import { Entity, Index, ManyToOne, OneToMany, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Collection, Opt } from '@mikro-orm/core';
import { ProductVariant } from '../../catalog/entities/product-variant.entity';
import { Adjustment } from './adjustment.entity';
import { Order } from './order.entity';
import { OrderItemUnit } from './order-item-unit.entity';

@Entity({ tableName: 'order_item' })
export class OrderItem {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @Index()
  @ManyToOne({ entity: () => Order, deleteRule: 'cascade' })
  order!: Order;

  @ManyToOne({ entity: () => ProductVariant })
  variant!: ProductVariant;

  @Property({ type: 'integer' })
  quantity: number & Opt = 0;

  @Property({ type: 'integer' })
  unitPrice: number & Opt = 0;

  @Property({ type: 'integer' })
  unitsTotal: number & Opt = 0;

  @Property({ type: 'integer' })
  adjustmentsTotal: number & Opt = 0;

  @Property({ type: 'integer' })
  total: number & Opt = 0;

  /** Names frozen when the checkout completes. */
  @Property({ type: 'string', nullable: true })
  productName: string | null = null;

  @Property({ type: 'string', nullable: true })
  variantName: string | null = null;

  @Property({ type: 'boolean' })
  immutable: boolean & Opt = false;

  @OneToMany({ entity: () => OrderItemUnit, mappedBy: 'orderItem', orphanRemoval: true, orderBy: { id: 'asc' } })
  units = new Collection<OrderItemUnit>(this);

  @OneToMany({ entity: () => Adjustment, mappedBy: 'orderItem', orphanRemoval: true, orderBy: { id: 'asc' } })
  adjustments = new Collection<Adjustment>(this);
}
