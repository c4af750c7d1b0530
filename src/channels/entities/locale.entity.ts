import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Opt } from '@mikro-orm/core';

@Entity({ tableName: 'locale' })
export class Locale {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @Property({ type: 'string', length: 12, unique: true })
  code!: string;

  @Property({ type: 'datetime', onCreate: () => new Date() })
  createdAt: Date & Opt = new Date();

  @Property({ type: 'datetime', onCreate: () => new Date(), onUpdate: () => new Date() })
  updatedAt: Date & Opt = new Date();
}
