import { Entity, Index, ManyToMany, ManyToOne, OneToMany, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Collection, Opt } from '@mikro-orm/core';
import { Channel } from '../../channels/entities/channel.entity';
import { ProductOption } from './product-option.entity';
import { ProductTranslation } from './product-translation.entity';
import { ProductVariant } from './product-variant.entity';
import { ProductTaxon } from '../taxons/product-taxon.entity';
import { Taxon } from './taxon.entity';

@Entity({ tableName: 'product' })
/** The product list's search by a substring of the code (Migration20261129050000). */
@Index({ name: 'product_code_trgm', expression: 'create index "product_code_trgm" on "product" using gin ("code" gin_trgm_ops) with (fastupdate = off)' })
export class Product {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @Property({ type: 'string', unique: true })
  code!: string;

  @Property({ type: 'boolean' })
  enabled: boolean & Opt = true;

  @OneToMany({ entity: () => ProductTranslation, mappedBy: 'product', orphanRemoval: true })
  translations = new Collection<ProductTranslation>(this);

  @OneToMany({ entity: () => ProductVariant, mappedBy: 'product', orphanRemoval: true })
  variants = new Collection<ProductVariant>(this);

  @ManyToMany({ entity: () => ProductOption, pivotTable: 'product_product_option' })
  options = new Collection<ProductOption>(this);

  /** Directly assigned taxons (promotion rules look only at these). */
  @ManyToMany({ entity: () => Taxon, pivotTable: 'product_taxon', pivotEntity: () => ProductTaxon })
  taxons = new Collection<Taxon>(this);

  /** The channels the product is offered in. */
  @ManyToMany({ entity: () => Channel, pivotTable: 'product_channel' })
  channels = new Collection<Channel>(this);

  @ManyToOne({ entity: () => Taxon, nullable: true, deleteRule: 'set null' })
  mainTaxon: Taxon | null = null;

  /** The mean rating of the accepted reviews, kept by src/catalog/reviews/average-rating.ts; 0 without any. */
  @Property({ type: 'decimal', precision: 3, scale: 2, default: 0 })
  averageRating: string & Opt = '0';

  @Property({ type: 'datetime', onCreate: () => new Date() })
  createdAt: Date & Opt = new Date();

  @Property({ type: 'datetime', onCreate: () => new Date(), onUpdate: () => new Date() })
  updatedAt: Date & Opt = new Date();
}
