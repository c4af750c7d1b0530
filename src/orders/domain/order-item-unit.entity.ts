import { Entity, Index, ManyToOne, OneToMany, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Collection, Opt } from '@mikro-orm/core';
import type { Shipment } from '../../shipping/entities/shipment.entity';
import { Adjustment } from './adjustment.entity';
import { OrderItem } from './order-item.entity';
import { entityNamed } from '../../common/entity-references';

@Entity({ tableName: 'order_item_unit' })
export class OrderItemUnit {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @Index()
  @ManyToOne({ entity: () => OrderItem, deleteRule: 'cascade' })
  orderItem!: OrderItem;

  @Index()
  @ManyToOne({ entity: entityNamed<Shipment>('Shipment'), nullable: true, deleteRule: 'set null' })
  shipment: Shipment | null = null;

  @Property({ type: 'integer' })
  adjustmentsTotal: number & Opt = 0;

  @OneToMany({ entity: () => Adjustment, mappedBy: 'orderItemUnit', orphanRemoval: true, orderBy: { id: 'asc' } })
  adjustments = new Collection<Adjustment>(this);
}
