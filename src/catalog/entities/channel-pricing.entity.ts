import { Entity, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { ProductVariant } from './product-variant.entity';

@Entity({ tableName: 'channel_pricing' })
@Unique({ properties: ['variant', 'channelCode'] })
export class ChannelPricing {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne({ entity: () => ProductVariant, deleteRule: 'cascade' })
  variant!: ProductVariant;

  @Property({ type: 'string' })
  channelCode!: string;

  @Property({ type: 'integer' })
  price!: number;

  @Property({ type: 'integer', nullable: true })
  originalPrice: number | null = null;
}
