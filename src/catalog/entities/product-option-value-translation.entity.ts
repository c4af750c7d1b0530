import { Entity, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { ProductOptionValue } from './product-option-value.entity';

@Entity({ tableName: 'product_option_value_translation' })
@Unique({ properties: ['optionValue', 'locale'] })
export class ProductOptionValueTranslation {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne({ entity: () => ProductOptionValue, deleteRule: 'cascade' })
  optionValue!: ProductOptionValue;

  @Property({ type: 'string', length: 12 })
  locale!: string;

  @Property({ type: 'string' })
  value!: string;
}
