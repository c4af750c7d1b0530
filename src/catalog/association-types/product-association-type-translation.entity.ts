import { Entity, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { ProductAssociationType } from './product-association-type.entity';

@Entity({ tableName: 'product_association_type_translation' })
@Unique({ properties: ['associationType', 'locale'] })
export class ProductAssociationTypeTranslation {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne({ entity: () => ProductAssociationType, deleteRule: 'cascade' })
  associationType!: ProductAssociationType;

  @Property({ type: 'string', length: 12 })
  locale!: string;

  @Property({ type: 'string' })
  name!: string;
}
