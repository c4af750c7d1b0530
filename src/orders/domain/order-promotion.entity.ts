import { Entity, Index, ManyToOne } from '@mikro-orm/decorators/legacy';
import { Promotion } from '../../promotions/entities/promotion.entity';
import { Order } from './order.entity';

/**
 * A promotion an order applied: the pivot of `Order.promotions`, an entity of its own only for its index.
 * The primary key leads with the order; deleting a promotion asks which orders applied it.
 */
@Entity({ tableName: 'order_promotion' })
@Index({ name: 'order_promotion_promotion_id_index', properties: ['promotion'] })
export class OrderPromotion {
  @ManyToOne({ entity: () => Order, primary: true, deleteRule: 'cascade' })
  order!: Order;

  @ManyToOne({ entity: () => Promotion, primary: true, deleteRule: 'cascade' })
  promotion!: Promotion;
}
