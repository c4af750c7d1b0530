import { Entity, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { ProductAttribute } from './product-attribute.entity';

@Entity({ tableName: 'product_attribute_translation' })
@Unique({ properties: ['attribute', 'locale'] })
export class ProductAttributeTranslation {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne({ entity: () => ProductAttribute, deleteRule: 'cascade' })
  attribute!: ProductAttribute;

  @Property({ type: 'string', length: 12 })
  locale!: string;

  @Property({ type: 'string' })
  name!: string;
}
