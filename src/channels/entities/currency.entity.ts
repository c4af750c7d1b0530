import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

@Entity({ tableName: 'currency' })
export class Currency {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @Property({ type: 'string', length: 3, unique: true })
  code!: string;
}
