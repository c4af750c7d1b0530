import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Opt } from '@mikro-orm/core';
import type { Order } from '../../orders/domain/order.entity';
import { PaymentMethod } from './payment-method.entity';
import { entityNamed } from '../../common/entity-references';

@Entity({ tableName: 'payment' })
export class Payment {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @Index()
  @ManyToOne({ entity: entityNamed<Order>('Order'), deleteRule: 'cascade' })
  order!: Order;

  @ManyToOne({ entity: () => PaymentMethod, nullable: true })
  method: PaymentMethod | null = null;

  @Property({ type: 'string', length: 3 })
  currencyCode!: string;

  @Property({ type: 'integer' })
  amount: number & Opt = 0;

  @Property({ type: 'string', length: 32 })
  state: string & Opt = 'cart';

  @Property({ type: 'datetime', onCreate: () => new Date() })
  createdAt: Date & Opt = new Date();

  @Property({ type: 'datetime', onCreate: () => new Date(), onUpdate: () => new Date() })
  updatedAt: Date & Opt = new Date();
}
