import { Entity, ManyToMany, OneToMany, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Collection, Opt } from '@mikro-orm/core';
import { Channel } from '../../channels/entities/channel.entity';
import { PromotionAction } from './promotion-action.entity';
import { PromotionCoupon } from './promotion-coupon.entity';
import { PromotionRule } from './promotion-rule.entity';

@Entity({ tableName: 'promotion' })
export class Promotion {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @Property({ type: 'string', unique: true })
  code!: string;

  @Property({ type: 'string' })
  name!: string;

  @Property({ type: 'text', nullable: true })
  description: string | null = null;

  /** Higher priorities apply first. */
  @Property({ type: 'integer' })
  priority: number & Opt = 0;

  @Property({ type: 'boolean' })
  exclusive: boolean & Opt = false;

  @Property({ type: 'integer', nullable: true })
  usageLimit: number | null = null;

  @Property({ type: 'integer' })
  used: number & Opt = 0;

  @Property({ type: 'boolean' })
  couponBased: boolean & Opt = false;

  @Property({ type: 'datetime', nullable: true })
  startsAt: Date | null = null;

  @Property({ type: 'datetime', nullable: true })
  endsAt: Date | null = null;

  @ManyToMany({ entity: () => Channel, pivotTable: 'promotion_channel' })
  channels = new Collection<Channel>(this);

  @OneToMany({ entity: () => PromotionRule, mappedBy: 'promotion', orphanRemoval: true, orderBy: { id: 'asc' } })
  rules = new Collection<PromotionRule>(this);

  @OneToMany({ entity: () => PromotionAction, mappedBy: 'promotion', orphanRemoval: true, orderBy: { id: 'asc' } })
  actions = new Collection<PromotionAction>(this);

  @OneToMany({ entity: () => PromotionCoupon, mappedBy: 'promotion', orphanRemoval: true })
  coupons = new Collection<PromotionCoupon>(this);

  @Property({ type: 'datetime', onCreate: () => new Date() })
  createdAt: Date & Opt = new Date();

  @Property({ type: 'datetime', onCreate: () => new Date(), onUpdate: () => new Date() })
  updatedAt: Date & Opt = new Date();
}
