import { Entity, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

@Entity({ tableName: 'taxon' })
export class Taxon {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @Property({ type: 'string', unique: true })
  code!: string;

  @Property({ type: 'string' })
  name!: string;

  @ManyToOne({ entity: () => Taxon, nullable: true, deleteRule: 'set null' })
  parent: Taxon | null = null;
}
