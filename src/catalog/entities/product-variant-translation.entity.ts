import { Entity, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { ProductVariant } from './product-variant.entity';

@Entity({ tableName: 'product_variant_translation' })
@Unique({ properties: ['variant', 'locale'] })
export class ProductVariantTranslation {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne({ entity: () => ProductVariant, deleteRule: 'cascade' })
  variant!: ProductVariant;

  @Property({ type: 'string', length: 12 })
  locale!: string;

  @Property({ type: 'string' })
  name!: string;
}
