import { Entity, OneToMany, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Collection, Opt } from '@mikro-orm/core';
import { Province } from './province.entity';

@Entity({ tableName: 'country' })
export class Country {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @Property({ type: 'string', length: 2, unique: true })
  code!: string;

  @Property({ type: 'boolean' })
  enabled: boolean & Opt = true;

  @OneToMany({ entity: () => Province, mappedBy: 'country' })
  provinces = new Collection<Province>(this);
}
