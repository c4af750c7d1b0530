import { Entity, OneToMany, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Collection, Opt } from '@mikro-orm/core';
import { ProductOptionValue } from './product-option-value.entity';

@Entity({ tableName: 'product_option' })
export class ProductOption {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @Property({ type: 'string', unique: true })
  code!: string;

  @Property({ type: 'string' })
  name!: string;

  @Property({ type: 'integer' })
  position: number & Opt = 0;

  @OneToMany({ entity: () => ProductOptionValue, mappedBy: 'option', orphanRemoval: true })
  values = new Collection<ProductOptionValue>(this);
}
