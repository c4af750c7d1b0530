import { Entity, OneToMany, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Collection, Opt } from '@mikro-orm/core';
import type { Configuration } from './attribute-configuration';
import { ProductAttributeTranslation } from './product-attribute-translation.entity';

@Entity({ tableName: 'product_attribute' })
export class ProductAttribute {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @Property({ type: 'string', unique: true })
  code!: string;

  /** One of ATTRIBUTE_TYPES; set on create, never changed. */
  @Property({ type: 'string', length: 32 })
  type!: string;

  /** How values of the attribute are stored, given by the type. */
  @Property({ type: 'string', length: 32 })
  storageType!: string;

  @Property({ type: 'integer' })
  position: number & Opt = 0;

  /** The type's settings (lengths, select choices); `{}` for types without any. */
  @Property({ type: 'json', defaultRaw: `'{}'` })
  configuration: Configuration & Opt = {};

  @OneToMany({ entity: () => ProductAttributeTranslation, mappedBy: 'attribute', orphanRemoval: true })
  translations = new Collection<ProductAttributeTranslation>(this);

  @Property({ type: 'datetime', onCreate: () => new Date() })
  createdAt: Date & Opt = new Date();

  @Property({ type: 'datetime', onCreate: () => new Date(), onUpdate: () => new Date() })
  updatedAt: Date & Opt = new Date();
}
