import { Entity, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Opt } from '@mikro-orm/core';

@Entity({ tableName: 'taxon' })
export class Taxon {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @Property({ type: 'string', unique: true })
  code!: string;

  /** Its en_US name (null when it has none); every locale's is in its translations. */
  @Property({ type: 'string', nullable: true })
  name: string | null = null;

  @ManyToOne({ entity: () => Taxon, nullable: true, deleteRule: 'set null' })
  parent: Taxon | null = null;

  /** Among the taxons of the same parent (or the roots), from 0. */
  @Property({ type: 'integer', default: 0 })
  position: number & Opt = 0;
}
