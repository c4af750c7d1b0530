import { Entity, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Opt } from '@mikro-orm/core';
import { Promotion } from './promotion.entity';

@Entity({ tableName: 'promotion_action' })
export class PromotionAction {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne({ entity: () => Promotion, deleteRule: 'cascade' })
  promotion!: Promotion;

  @Property({ type: 'string' })
  type!: string;

  @Property({ type: 'json' })
  configuration: Record<string, unknown> & Opt = {};
}
