import { Entity, ManyToOne, OneToMany, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Collection } from '@mikro-orm/core';
import { ProductOption } from './product-option.entity';
import { ProductOptionValueTranslation } from './product-option-value-translation.entity';

@Entity({ tableName: 'product_option_value' })
export class ProductOptionValue {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @Property({ type: 'string', unique: true })
  code!: string;

  @ManyToOne({ entity: () => ProductOption, deleteRule: 'cascade' })
  option!: ProductOption;

  @OneToMany({ entity: () => ProductOptionValueTranslation, mappedBy: 'optionValue', orphanRemoval: true })
  translations = new Collection<ProductOptionValueTranslation>(this);
}
