import { Entity, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { ProductOption } from '../entities/product-option.entity';

/** The name of a product option in one locale. The option's own `name` keeps the name other reads show. */
@Entity({ tableName: 'product_option_translation' })
@Unique({ properties: ['option', 'locale'] })
export class ProductOptionTranslation {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne({ entity: () => ProductOption, deleteRule: 'cascade' })
  option!: ProductOption;

  @Property({ type: 'string', length: 12 })
  locale!: string;

  @Property({ type: 'string' })
  name!: string;
}
