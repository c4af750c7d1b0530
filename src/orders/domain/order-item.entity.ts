import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Opt } from '@mikro-orm/core';
import { ProductVariant } from '../../catalog/entities/product-variant.entity';
import { adjustmentsWithIds, isUnassigned, UNASSIGNED_ID, type LineUnit, type StoredAdjustment, type ValueIds } from './order-values';
import { Order } from './order.entity';

@Entity({ tableName: 'order_item' })
export class OrderItem {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @Index()
  @ManyToOne({ entity: () => Order, deleteRule: 'cascade' })
  order!: Order;

  @ManyToOne({ entity: () => ProductVariant })
  variant!: ProductVariant;

  @Property({ type: 'integer' })
  quantity: number & Opt = 0;

  @Property({ type: 'integer' })
  unitPrice: number & Opt = 0;

  @Property({ type: 'integer' })
  unitsTotal: number & Opt = 0;

  @Property({ type: 'integer' })
  adjustmentsTotal: number & Opt = 0;

  @Property({ type: 'integer' })
  total: number & Opt = 0;

  /** Names frozen when the checkout completes. */
  @Property({ type: 'string', nullable: true })
  productName: string | null = null;

  @Property({ type: 'string', nullable: true })
  variantName: string | null = null;

  @Property({ type: 'boolean' })
  immutable: boolean & Opt = false;

  /** One unit per piece, oldest first, each with its adjustments. */
  @Property({ type: 'json', defaultRaw: `'[]'` })
  units: LineUnit[] & Opt = [];

  /** The line's own adjustments (the units' are on the units). */
  @Property({ type: 'json', defaultRaw: `'[]'` })
  adjustments: StoredAdjustment[] & Opt = [];

  /** Gives the line one unit per piece: new units after the others, or the oldest ones removed. */
  changeQuantity(quantity: number): void {
    const kept = this.units.slice(Math.max(this.units.length - quantity, 0));
    while (kept.length < quantity) kept.push({ id: UNASSIGNED_ID, adjustmentsTotal: 0, adjustments: [] });
    this.units = kept;
    this.quantity = quantity;
  }

  /** Keeps the product's and variant's names as they are when the checkout completes, for the order to show later. */
  freezeNames(productName: string | null, variantName: string | null): void {
    this.variantName = variantName;
    this.productName = productName;
  }

  /** The units and adjustments this change made, still without an id. */
  countUnassignedValues(): { units: number; adjustments: number } {
    const adjustments = [this.adjustments, ...this.units.map((unit) => unit.adjustments)];
    return { units: this.units.filter(isUnassigned).length, adjustments: adjustments.reduce((sum, list) => sum + list.filter(isUnassigned).length, 0) };
  }

  /**
   * Gives the units and adjustments this change made their ids: the line's adjustments first, then each
   * unit's. Values are replaced, not changed in place, and only where one is new.
   */
  giveValueIds(ids: ValueIds): void {
    this.adjustments = adjustmentsWithIds(this.adjustments, ids);
    if (!this.units.some((unit) => isUnassigned(unit) || unit.adjustments.some(isUnassigned))) return;
    this.units = this.units.map((unit) => {
      const adjustments = adjustmentsWithIds(unit.adjustments, ids);
      if (!isUnassigned(unit) && adjustments === unit.adjustments) return unit;
      return { id: isUnassigned(unit) ? ids.nextUnitId() : unit.id, adjustmentsTotal: unit.adjustmentsTotal, adjustments };
    });
  }
}
