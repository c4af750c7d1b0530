import { Entity, ManyToOne, Property } from '@mikro-orm/decorators/legacy';
import { Opt } from '@mikro-orm/core';
import { Product } from '../entities/product.entity';
import { Taxon } from '../entities/taxon.entity';

/** A product directly in a taxon, at a position among the taxon's products (0 until one is set). */
@Entity({ tableName: 'product_taxon' })
export class ProductTaxon {
  @ManyToOne({ entity: () => Product, primary: true, deleteRule: 'cascade' })
  product!: Product;

  @ManyToOne({ entity: () => Taxon, primary: true, deleteRule: 'cascade' })
  taxon!: Taxon;

  @Property({ type: 'integer', default: 0 })
  position: number & Opt = 0;
}
