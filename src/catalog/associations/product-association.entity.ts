import { Entity, ManyToMany, ManyToOne, PrimaryKey, Unique } from '@mikro-orm/decorators/legacy';
import { Collection } from '@mikro-orm/core';
import { ProductAssociationType } from '../association-types/product-association-type.entity';
import { Product } from '../entities/product.entity';
import { ProductAssociationProduct } from './product-association-product.entity';

/**
 * The products a product (its owner) names under one association type, e.g. its accessories. The product
 * writes keep it (src/catalog/associations/product-associations.ts); it exists only while it names one.
 */
@Entity({ tableName: 'product_association' })
@Unique({ properties: ['product', 'type'] })
export class ProductAssociation {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne({ entity: () => Product, deleteRule: 'cascade' })
  product!: Product;

  /** An association type in use is not deleted (409), hence no cascade. */
  @ManyToOne({ entity: () => ProductAssociationType, fieldName: 'association_type_id' })
  type!: ProductAssociationType;

  @ManyToMany({ entity: () => Product, pivotEntity: () => ProductAssociationProduct, joinColumn: 'association_id', inverseJoinColumn: 'product_id' })
  associatedProducts = new Collection<Product>(this);
}
