import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

@Entity({ tableName: 'locale' })
export class Locale {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @Property({ type: 'string', length: 12, unique: true })
  code!: string;
}
