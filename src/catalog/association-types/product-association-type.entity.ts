import { Entity, OneToMany, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Collection, Opt } from '@mikro-orm/core';
import { ProductAssociationTypeTranslation } from './product-association-type-translation.entity';

@Entity({ tableName: 'product_association_type' })
export class ProductAssociationType {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @Property({ type: 'string', unique: true })
  code!: string;

  @Property({ type: 'datetime', onCreate: () => new Date() })
  createdAt: Date & Opt = new Date();

  @Property({ type: 'datetime', onCreate: () => new Date(), onUpdate: () => new Date() })
  updatedAt: Date & Opt = new Date();

  @OneToMany({ entity: () => ProductAssociationTypeTranslation, mappedBy: 'associationType', orphanRemoval: true })
  translations = new Collection<ProductAssociationTypeTranslation>(this);
}
