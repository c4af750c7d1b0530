import { Entity, ManyToMany, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Collection, Opt } from '@mikro-orm/core';
import { Zone } from '../../addressing/entities/zone.entity';
import { Channel } from '../../channels/entities/channel.entity';
import { TaxCategory } from '../../taxation/entities/tax-category.entity';
import { ShippingCategory } from './shipping-category.entity';

export type ShippingCalculator = 'flat_rate' | 'per_unit_rate';
/** 0: no variant may match the category, 1: at least one must, 2: all must. */
export type CategoryRequirement = 0 | 1 | 2;

@Entity({ tableName: 'shipping_method' })
export class ShippingMethod {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @Property({ type: 'string', unique: true })
  code!: string;

  @Property({ type: 'string' })
  name!: string;

  @Property({ type: 'text', nullable: true })
  description: string | null = null;

  @ManyToOne({ entity: () => Zone })
  zone!: Zone;

  @Property({ type: 'string', length: 32 })
  calculator!: ShippingCalculator;

  /** Calculator settings keyed by channel code, e.g. {"WEB": {"amount": 500}}. */
  @Property({ type: 'json' })
  configuration: Record<string, { amount: number }> & Opt = {};

  @ManyToMany({ entity: () => Channel, pivotTable: 'shipping_method_channel' })
  channels = new Collection<Channel>(this);

  @ManyToOne({ entity: () => TaxCategory, nullable: true })
  taxCategory: TaxCategory | null = null;

  @ManyToOne({ entity: () => ShippingCategory, nullable: true })
  category: ShippingCategory | null = null;

  @Property({ type: 'smallint' })
  categoryRequirement: CategoryRequirement & Opt = 1;

  @Property({ type: 'integer' })
  position: number & Opt = 0;

  @Property({ type: 'boolean' })
  enabled: boolean & Opt = true;

  @Property({ type: 'datetime', nullable: true })
  archivedAt: Date | null = null;

  @Property({ type: 'datetime', onCreate: () => new Date() })
  createdAt: Date & Opt = new Date();

  @Property({ type: 'datetime', onCreate: () => new Date(), onUpdate: () => new Date() })
  updatedAt: Date & Opt = new Date();
}
