import { Entity, Index, ManyToMany, ManyToOne, OneToMany, OneToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Collection, Opt } from '@mikro-orm/core';
import { Address } from '../../addressing/entities/address.entity';
import { Channel } from '../../channels/entities/channel.entity';
import { Customer } from '../../customers/entities/customer.entity';
import { Payment } from '../../payments/entities/payment.entity';
import { PromotionCoupon } from '../../promotions/entities/promotion-coupon.entity';
import { Promotion } from '../../promotions/entities/promotion.entity';
import { OrderPromotion } from './order-promotion.entity';
import { Shipment } from '../../shipping/entities/shipment.entity';
import { OrderItem } from './order-item.entity';
import { adjustmentsWithIds, isUnassigned, type StoredAdjustment, type ValueIds } from './order-values';
import { ORDER_TRANSITIONS, resolveOrderState } from './state-machines/order';
import { ORDER_PAYMENT_TRANSITIONS, resolveOrderPaymentState, type OrderPaymentTransition } from './state-machines/order-payment';
import { ORDER_SHIPPING_TRANSITIONS, resolveOrderShippingState, type OrderShippingTransition } from './state-machines/order-shipping';
import { applyIfAllowed, applyTransition } from '../../common/state-machines/transition-table';

export type OrderState = 'cart' | 'new' | 'cancelled' | 'fulfilled';
export type CheckoutState = 'cart' | 'addressed' | 'shipping_selected' | 'shipping_skipped' | 'payment_skipped' | 'payment_selected' | 'completed';

/** What placing a cart writes on the order besides its states. */
export interface Placing {
  number: string;
  /** Draws a token for a cart that has none yet (a cart that has one keeps it). */
  newToken: () => string;
  completedAt: Date;
  notes: string | null;
}

/** A cart (checkoutState "cart") or a placed order. */
@Entity({ tableName: 'orders' })
// A customer's orders, newest first, with id as the tie-breaker: a page is read straight off this index.
@Index({ name: 'orders_customer_updated_at_id_index', properties: ['customer', 'updatedAt', 'id'] })
@Index({ name: 'orders_checkout_state_id_index', properties: ['checkoutState', 'id'] })
export class Order {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @Property({ type: 'string', length: 32, nullable: true, unique: 'orders_number_unique' })
  number: string | null = null;

  @Property({ type: 'string', length: 32 })
  state: OrderState & Opt = 'cart';

  @Property({ type: 'string', length: 32 })
  checkoutState: CheckoutState & Opt = 'cart';

  @Property({ type: 'string', length: 32 })
  paymentState: string & Opt = 'cart';

  @Property({ type: 'string', length: 32 })
  shippingState: string & Opt = 'cart';

  @Property({ type: 'string', length: 3 })
  currencyCode!: string;

  @Property({ type: 'string', length: 12 })
  localeCode!: string;

  @ManyToOne({ entity: () => Customer, deleteRule: 'cascade' })
  customer!: Customer;

  @ManyToOne({ entity: () => Channel })
  channel!: Channel;

  @OneToOne({ entity: () => Address, owner: true, nullable: true, deleteRule: 'set null' })
  shippingAddress: Address | null = null;

  @OneToOne({ entity: () => Address, owner: true, nullable: true, deleteRule: 'set null' })
  billingAddress: Address | null = null;

  @ManyToOne({ entity: () => PromotionCoupon, nullable: true, deleteRule: 'set null' })
  @Index({ name: 'orders_promotion_coupon_id_index' })
  promotionCoupon: PromotionCoupon | null = null;

  @ManyToMany({ entity: () => Promotion, pivotTable: 'order_promotion', pivotEntity: () => OrderPromotion })
  promotions = new Collection<Promotion>(this);

  @OneToMany({ entity: () => OrderItem, mappedBy: 'order', orphanRemoval: true, orderBy: { id: 'asc' } })
  items = new Collection<OrderItem>(this);

  /** The order's own adjustments (shipping, order promotions, order-level taxes). */
  @Property({ type: 'json', defaultRaw: `'[]'` })
  adjustments: StoredAdjustment[] & Opt = [];

  @OneToMany({ entity: () => Payment, mappedBy: 'order', orphanRemoval: true, orderBy: { id: 'asc' } })
  payments = new Collection<Payment>(this);

  @OneToMany({ entity: () => Shipment, mappedBy: 'order', orphanRemoval: true, orderBy: { id: 'asc' } })
  shipments = new Collection<Shipment>(this);

  @Property({ type: 'integer' })
  itemsTotal: number & Opt = 0;

  @Property({ type: 'integer' })
  adjustmentsTotal: number & Opt = 0;

  @Property({ type: 'integer' })
  total: number & Opt = 0;

  @Property({ type: 'datetime', nullable: true })
  checkoutCompletedAt: Date | null = null;

  /** Given when the checkout is completed; stored, never shown. */
  @Property({ type: 'text', nullable: true })
  notes: string | null = null;

  @Property({ type: 'string', length: 64, nullable: true })
  tokenValue: string | null = null;

  @Property({ type: 'datetime', onCreate: () => new Date() })
  createdAt: Date & Opt = new Date();

  @Property({ type: 'datetime', onCreate: () => new Date(), onUpdate: () => new Date() })
  updatedAt: Date & Opt = new Date();

  /**
   * The cart becomes a placed order: its number and token, the checkout completed, the order, its
   * payments and shipments created by their state machines, payment and shipping requested, then when
   * and with which notes. Resolving the payment and shipping states is the caller's next step.
   */
  place({ number, newToken, completedAt, notes }: Placing): void {
    this.number = number;
    this.tokenValue ??= newToken();
    this.checkoutState = 'completed';
    this.state = applyIfAllowed(ORDER_TRANSITIONS, this.state, 'create');
    for (const payment of this.payments) payment.request();
    for (const shipment of this.shipments) shipment.makeReady();
    this.paymentState = applyIfAllowed(ORDER_PAYMENT_TRANSITIONS, this.paymentState, 'request_payment');
    this.shippingState = applyIfAllowed(ORDER_SHIPPING_TRANSITIONS, this.shippingState, 'request_shipping');
    this.checkoutCompletedAt = completedAt;
    this.notes = notes;
  }

  /**
   * Cancels the order with its open payments and ready shipments, and its payment and shipping states
   * where their machines allow it. Answers false when the order's machine refuses (nothing changes then).
   */
  cancel(): boolean {
    const state = applyTransition(ORDER_TRANSITIONS, this.state, 'cancel');
    if (state === null) return false;
    this.state = state;
    for (const payment of this.payments) payment.cancel();
    for (const shipment of this.shipments) shipment.cancel();
    this.paymentState = applyIfAllowed(ORDER_PAYMENT_TRANSITIONS, this.paymentState, 'cancel');
    this.shippingState = applyIfAllowed(ORDER_SHIPPING_TRANSITIONS, this.shippingState, 'cancel');
    return true;
  }

  /** The payment state its payments now call for; answers the transition applied (null: none). */
  resolvePaymentState(): OrderPaymentTransition | null {
    const payments = this.payments.getItems().map((payment) => ({ state: payment.state, amount: payment.amount }));
    const resolved = resolveOrderPaymentState(this.paymentState, this.total, payments);
    this.paymentState = resolved.state;
    return resolved.applied;
  }

  /** The shipping state its shipments now call for; answers the transition applied (null: none). */
  resolveShippingState(): OrderShippingTransition | null {
    const resolved = resolveOrderShippingState(this.shippingState, this.shipments.getItems().map((shipment) => shipment.state));
    this.shippingState = resolved.state;
    return resolved.applied;
  }

  /** Paid and shipped: the order is fulfilled (when its state allows it). */
  resolveFulfilment(): void {
    this.state = resolveOrderState(this.state, this.paymentState, this.shippingState);
  }

  /** The order's own adjustments this change made, still without an id. */
  countUnassignedAdjustments(): number {
    return this.adjustments.filter(isUnassigned).length;
  }

  /** Gives the order's own adjustments this change made their ids. */
  giveAdjustmentIds(ids: ValueIds): void {
    this.adjustments = adjustmentsWithIds(this.adjustments, ids);
  }
}
