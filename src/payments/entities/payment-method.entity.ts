import { Entity, ManyToMany, OneToMany, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Collection, Opt } from '@mikro-orm/core';
import { Channel } from '../../channels/entities/channel.entity';
import { PaymentMethodTranslation } from './payment-method-translation.entity';

@Entity({ tableName: 'payment_method' })
export class PaymentMethod {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @Property({ type: 'string', unique: true })
  code!: string;

  @Property({ type: 'integer' })
  position: number & Opt = 0;

  @Property({ type: 'boolean' })
  enabled: boolean & Opt = true;

  @ManyToMany({ entity: () => Channel, pivotTable: 'payment_method_channel' })
  channels = new Collection<Channel>(this);

  @OneToMany({ entity: () => PaymentMethodTranslation, mappedBy: 'method', orphanRemoval: true })
  translations = new Collection<PaymentMethodTranslation>(this);

  @Property({ type: 'datetime', onCreate: () => new Date() })
  createdAt: Date & Opt = new Date();

  @Property({ type: 'datetime', onCreate: () => new Date(), onUpdate: () => new Date() })
  updatedAt: Date & Opt = new Date();
}
