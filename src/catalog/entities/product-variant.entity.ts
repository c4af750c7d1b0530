import { Entity, Index, ManyToMany, ManyToOne, OneToMany, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Collection, Opt } from '@mikro-orm/core';
import { ShippingCategory } from '../../shipping/entities/shipping-category.entity';
import { TaxCategory } from '../../taxation/entities/tax-category.entity';
import { ChannelPricing } from './channel-pricing.entity';
import { ProductOptionValue } from './product-option-value.entity';
import { Product } from './product.entity';
import { ProductVariantTranslation } from './product-variant-translation.entity';

/** The stock counter a variant has too few units in for a change. */
export type StockShortfall = 'on hold' | 'on hand';

@Entity({ tableName: 'product_variant' })
export class ProductVariant {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @Property({ type: 'string', unique: true })
  code!: string;

  @Index()
  @ManyToOne({ entity: () => Product, deleteRule: 'cascade' })
  product!: Product;

  @Property({ type: 'integer' })
  position: number & Opt = 0;

  @OneToMany({ entity: () => ProductVariantTranslation, mappedBy: 'variant', orphanRemoval: true })
  translations = new Collection<ProductVariantTranslation>(this);

  @ManyToMany({ entity: () => ProductOptionValue, pivotTable: 'product_variant_option_value' })
  optionValues = new Collection<ProductOptionValue>(this);

  @OneToMany({ entity: () => ChannelPricing, mappedBy: 'variant', orphanRemoval: true })
  channelPricings = new Collection<ChannelPricing>(this);

  @Property({ type: 'boolean' })
  tracked: boolean & Opt = false;

  @Property({ type: 'integer' })
  onHand: number & Opt = 0;

  @Property({ type: 'integer' })
  onHold: number & Opt = 0;

  /**
   * Bumped on every change (an order's stock change, a write through the API); exposed as `version`, and
   * the optimistic lock of the variant's PUT and PATCH.
   */
  @Property({ type: 'integer' })
  version: number & Opt = 1;

  @Property({ type: 'boolean' })
  shippingRequired: boolean & Opt = true;

  @ManyToOne({ entity: () => TaxCategory, nullable: true })
  taxCategory: TaxCategory | null = null;

  @ManyToOne({ entity: () => ShippingCategory, nullable: true })
  shippingCategory: ShippingCategory | null = null;

  @Property({ type: 'double', nullable: true })
  weight: number | null = null;

  @Property({ type: 'double', nullable: true })
  width: number | null = null;

  @Property({ type: 'double', nullable: true })
  height: number | null = null;

  @Property({ type: 'double', nullable: true })
  depth: number | null = null;

  @Property({ type: 'datetime', onCreate: () => new Date() })
  createdAt: Date & Opt = new Date();

  @Property({ type: 'datetime', onCreate: () => new Date(), onUpdate: () => new Date() })
  updatedAt: Date & Opt = new Date();

  /** Units a placed order takes are held until it is paid or cancelled. */
  hold(quantity: number): void {
    this.onHold += quantity;
  }

  /**
   * Units a paid order took leave the stock: they are neither held nor on hand any more. Answers the
   * counter that is short (nothing changes then), else null.
   */
  sell(quantity: number): StockShortfall | null {
    if (this.onHold < quantity) return 'on hold';
    if (this.onHand < quantity) return 'on hand';
    this.onHold -= quantity;
    this.onHand -= quantity;
    return null;
  }

  /** Units an unpaid cancelled order held become available again; answers 'on hold' when too few are held (nothing changes then). */
  release(quantity: number): StockShortfall | null {
    if (this.onHold < quantity) return 'on hold';
    this.onHold -= quantity;
    return null;
  }

  /** Units a paid cancelled order took come back on hand. */
  giveBack(quantity: number): void {
    this.onHand += quantity;
  }

  /** One change of the stock, counted once per order action however many of its lines hold the variant. */
  countStockChange(): void {
    this.version += 1;
  }

  /** One change through the API (all the fields one request changes count once). */
  countChange(): void {
    this.version += 1;
  }
}
