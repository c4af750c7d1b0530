import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

@Entity({ tableName: 'currency' })
export class Currency {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @Property({ type: 'string', length: 3, unique: true })
  code!: string;
}
