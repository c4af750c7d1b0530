import { Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { Product } from '../entities/product.entity';
import { ProductAttribute } from './product-attribute.entity';

/**
 * A product's value of an attribute in one locale. `value` holds what the attribute's type reads
 * (attribute-values.ts): a text, a boolean, a number, a date or datetime text, or a list of choice keys.
 * An attribute with values cannot be deleted (the foreign key has no cascade).
 */
@Entity({ tableName: 'product_attribute_value' })
@Unique({ name: 'product_attribute_value_unique', properties: ['product', 'attribute', 'localeCode'] })
/** An attribute's delete looks for its values. */
@Index({ properties: ['attribute'] })
export class ProductAttributeValue {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne({ entity: () => Product, deleteRule: 'cascade' })
  product!: Product;

  @ManyToOne({ entity: () => ProductAttribute })
  attribute!: ProductAttribute;

  @Property({ type: 'string', length: 12 })
  localeCode!: string;

  @Property({ type: 'json' })
  value!: unknown;
}
