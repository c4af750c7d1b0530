import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Opt } from '@mikro-orm/core';
import { Promotion } from './promotion.entity';

@Entity({ tableName: 'promotion_coupon' })
export class PromotionCoupon {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne({ entity: () => Promotion, deleteRule: 'cascade' })
  @Index({ name: 'promotion_coupon_promotion_id_index' })
  promotion!: Promotion;

  @Property({ type: 'string', unique: true })
  code!: string;

  @Property({ type: 'integer', nullable: true })
  usageLimit: number | null = null;

  @Property({ type: 'integer', nullable: true })
  perCustomerUsageLimit: number | null = null;

  @Property({ type: 'integer' })
  used: number & Opt = 0;

  /** Whether a cancelled order gives its use of the coupon back (not exposed in responses). */
  @Property({ type: 'boolean', default: true })
  reusableFromCancelledOrders: boolean & Opt = true;

  @Property({ type: 'datetime', nullable: true })
  expiresAt: Date | null = null;

  @Property({ type: 'datetime', onCreate: () => new Date() })
  createdAt: Date & Opt = new Date();

  @Property({ type: 'datetime', onCreate: () => new Date(), onUpdate: () => new Date() })
  updatedAt: Date & Opt = new Date();
}
