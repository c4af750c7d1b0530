import { Entity, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Country } from './country.entity';

@Entity({ tableName: 'province' })
export class Province {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @Property({ type: 'string', unique: true })
  code!: string;

  @Property({ type: 'string' })
  name!: string;

  @Property({ type: 'string', nullable: true })
  abbreviation: string | null = null;

  @ManyToOne({ entity: () => Country, deleteRule: 'cascade' })
  country!: Country;
}
