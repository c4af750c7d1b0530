import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Opt } from '@mikro-orm/core';
import { Customer } from '../../customers/entities/customer.entity';
import { Product } from '../entities/product.entity';
import type { ReviewStatus } from './review-transitions';

/** A customer's review of a product; only accepted reviews count towards the product's average rating. */
@Entity({ tableName: 'product_review' })
/** The review list reads one product's reviews newest first. */
@Index({ name: 'product_review_product_created_at_index', properties: ['product', 'createdAt'] })
export class ProductReview {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @Property({ type: 'string', length: 255 })
  title!: string;

  @Property({ type: 'smallint' })
  rating!: number;

  /** Bounded so a review cannot grow without limit; long enough for any honest review. */
  @Property({ type: 'string', length: 5000 })
  comment!: string;

  @Property({ type: 'string', length: 16 })
  status: ReviewStatus & Opt = 'new';

  /** A product's reviews go with it. */
  @ManyToOne({ entity: () => Product, deleteRule: 'cascade' })
  product!: Product;

  /** The author's reviews go with them (src/orders/commands/delete-customer.ts recomputes the ratings first). */
  @Index({ name: 'product_review_author_index' })
  @ManyToOne({ entity: () => Customer, deleteRule: 'cascade' })
  author!: Customer;

  @Property({ type: 'datetime', onCreate: () => new Date() })
  createdAt: Date & Opt = new Date();

  @Property({ type: 'datetime', onCreate: () => new Date(), onUpdate: () => new Date() })
  updatedAt: Date & Opt = new Date();
}
