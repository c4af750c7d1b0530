import { Entity, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { Zone } from './zone.entity';

/** A member is a country, province or zone code, depending on the owning zone's type. */
@Entity({ tableName: 'zone_member' })
@Unique({ properties: ['zone', 'code'] })
export class ZoneMember {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne({ entity: () => Zone, deleteRule: 'cascade' })
  zone!: Zone;

  @Property({ type: 'string' })
  code!: string;
}
