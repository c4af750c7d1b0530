import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Opt } from '@mikro-orm/core';
import type { Order } from '../../orders/domain/order.entity';
import { ShippingMethod } from './shipping-method.entity';
import { entityNamed } from '../../common/entity-references';

@Entity({ tableName: 'shipment' })
export class Shipment {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @Index()
  @ManyToOne({ entity: entityNamed<Order>('Order'), deleteRule: 'cascade' })
  order!: Order;

  @ManyToOne({ entity: () => ShippingMethod })
  method!: ShippingMethod;

  @Property({ type: 'string', length: 32 })
  state: string & Opt = 'cart';

  @Property({ type: 'string', nullable: true })
  tracking: string | null = null;

  @Property({ type: 'datetime', onCreate: () => new Date() })
  createdAt: Date & Opt = new Date();

  @Property({ type: 'datetime', onCreate: () => new Date(), onUpdate: () => new Date() })
  updatedAt: Date & Opt = new Date();
}
