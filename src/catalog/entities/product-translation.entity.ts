import { Entity, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { Product } from './product.entity';

@Entity({ tableName: 'product_translation' })
@Unique({ properties: ['product', 'locale'] })
export class ProductTranslation {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne({ entity: () => Product, deleteRule: 'cascade' })
  product!: Product;

  @Property({ type: 'string', length: 12 })
  locale!: string;

  @Property({ type: 'string' })
  name!: string;

  @Property({ type: 'text', nullable: true })
  description: string | null = null;
}
