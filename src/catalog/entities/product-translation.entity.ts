import { Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { Product } from './product.entity';

@Entity({ tableName: 'product_translation' })
@Unique({ properties: ['product', 'locale'] })
/** A slug names one product per locale (products created before slugs have none). */
@Unique({ properties: ['locale', 'slug'] })
// The product list (its rows are the en_US names): search by a substring of the name, and sort by name (Migration20261129050000).
@Index({
  name: 'product_translation_en_us_name_trgm',
  expression: `create index "product_translation_en_us_name_trgm" on "product_translation" using gin ("name" gin_trgm_ops) with (fastupdate = off) where "locale" = 'en_US'`,
})
@Index({
  name: 'product_translation_en_us_name',
  expression: `create index "product_translation_en_us_name" on "product_translation" ("name", "product_id") where "locale" = 'en_US'`,
})
export class ProductTranslation {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne({ entity: () => Product, deleteRule: 'cascade' })
  product!: Product;

  @Property({ type: 'string', length: 12 })
  locale!: string;

  @Property({ type: 'string' })
  name!: string;

  @Property({ type: 'string', nullable: true })
  slug: string | null = null;

  @Property({ type: 'text', nullable: true })
  description: string | null = null;

  @Property({ type: 'string', nullable: true })
  metaKeywords: string | null = null;

  @Property({ type: 'string', nullable: true })
  metaDescription: string | null = null;

  @Property({ type: 'text', nullable: true })
  shortDescription: string | null = null;
}
