import { Entity, ManyToOne, Opt, PrimaryKey, Property } from '@mikro-orm/core';
import type { Promotion } from './promotion.entity';

@Entity({ tableName: 'promotion_action' })
export class PromotionAction {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne({ entity: 'Promotion', deleteRule: 'cascade' })
  promotion!: Promotion;

  @Property({ type: 'string' })
  type!: string;

  @Property({ type: 'json' })
  configuration: Record<string, unknown> & Opt = {};
}
