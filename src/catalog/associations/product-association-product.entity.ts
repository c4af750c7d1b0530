import { Entity, ManyToOne } from '@mikro-orm/decorators/legacy';
import { Product } from '../entities/product.entity';
import { ProductAssociation } from './product-association.entity';

/**
 * A product named by an association. Deleting that product removes it from the association explicitly
 * (the owner's change is an event), so its foreign key does not cascade.
 */
@Entity({ tableName: 'product_association_product' })
export class ProductAssociationProduct {
  @ManyToOne({ entity: () => ProductAssociation, primary: true, fieldName: 'association_id', deleteRule: 'cascade' })
  association!: ProductAssociation;

  @ManyToOne({ entity: () => Product, primary: true, deleteRule: 'no action' })
  product!: Product;
}
