import { Entity, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { DecimalType, Opt } from '@mikro-orm/core';
import { Zone } from '../../addressing/entities/zone.entity';
import { TaxCategory } from './tax-category.entity';

@Entity({ tableName: 'tax_rate' })
export class TaxRate {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @Property({ type: 'string', unique: true })
  code!: string;

  @Property({ type: 'string' })
  name!: string;

  @ManyToOne({ entity: () => TaxCategory })
  category!: TaxCategory;

  @ManyToOne({ entity: () => Zone })
  zone!: Zone;

  /** A decimal fraction: 0.23 is 23 %. */
  @Property({ type: new DecimalType('number'), precision: 10, scale: 5 })
  amount!: number;

  @Property({ type: 'boolean' })
  includedInPrice: boolean & Opt = false;

  @Property({ type: 'string' })
  calculator: string & Opt = 'default';

  @Property({ type: 'datetime', onCreate: () => new Date() })
  createdAt: Date & Opt = new Date();

  @Property({ type: 'datetime', onCreate: () => new Date(), onUpdate: () => new Date() })
  updatedAt: Date & Opt = new Date();
}
