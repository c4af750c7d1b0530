import { Entity, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { Taxon } from '../entities/taxon.entity';

@Entity({ tableName: 'taxon_translation' })
@Unique({ properties: ['taxon', 'locale'] })
/** A slug names one taxon per locale. */
@Unique({ properties: ['locale', 'slug'] })
export class TaxonTranslation {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne({ entity: () => Taxon, deleteRule: 'cascade' })
  taxon!: Taxon;

  @Property({ type: 'string', length: 12 })
  locale!: string;

  @Property({ type: 'string' })
  name!: string;

  @Property({ type: 'string' })
  slug!: string;

  @Property({ type: 'text', nullable: true })
  description: string | null = null;
}
