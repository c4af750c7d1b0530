import { Entity, OneToMany, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Collection, Opt } from '@mikro-orm/core';
import { ZoneMember } from './zone-member.entity';

export type ZoneType = 'country' | 'province' | 'zone';
export type ZoneScope = 'all' | 'tax' | 'shipping';

@Entity({ tableName: 'zone' })
export class Zone {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @Property({ type: 'string', unique: true })
  code!: string;

  @Property({ type: 'string' })
  name!: string;

  @Property({ type: 'string', length: 8 })
  type!: ZoneType;

  @Property({ type: 'string', length: 8 })
  scope: ZoneScope & Opt = 'all';

  @OneToMany({ entity: () => ZoneMember, mappedBy: 'zone', orphanRemoval: true })
  members = new Collection<ZoneMember>(this);
}
