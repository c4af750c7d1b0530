import type { EntityManager } from '@mikro-orm/postgresql';
import { Address } from '../../addressing/entities/address.entity';
import type { PaymentMethod } from '../../payments/entities/payment-method.entity';
import type { Payment } from '../../payments/entities/payment.entity';
import { PromotionCoupon } from '../../promotions/entities/promotion-coupon.entity';
import type { Shipment } from '../../shipping/entities/shipment.entity';
import type { ShippingMethod } from '../../shipping/entities/shipping-method.entity';
import type { ShopConfigurationSnapshot } from '../pricing/load-shop-configuration';
import type { CouponFacts, PricingFacts, VariantFacts } from '../pricing/pricing-facts';
import { OrderItem } from './order-item.entity';
import type { Order } from './order.entity';
import { resolveCheckoutSkips, type CheckoutStateName } from './state-machines/checkout-state-machine';

/** The states an order had when its write path loaded it: which events its change makes is told from them. */
export interface StatesAsLoaded {
  wasCart: boolean;
  state: string;
  payments: ReadonlyMap<number, string>;
  shipments: ReadonlyMap<number, string>;
}

/** The part of the shipping address pricing looks at: it picks the tax and shipping zones. */
export interface ZoneAddress {
  countryCode: string;
  provinceCode: string | null;
}

/** An address as the order stores it. */
export type AddressValues = Pick<
  Address,
  'firstName' | 'lastName' | 'phoneNumber' | 'company' | 'countryCode' | 'street' | 'city' | 'postcode' | 'provinceCode' | 'provinceName'
>;

export interface OrderAggregateState {
  /** With its lines, shipments and payments loaded. */
  order: Order;
  appliedPromotionIds: number[];
  facts: PricingFacts;
  configuration: ShopConfigurationSnapshot;
  /** The coupon the order is priced with, and the code the engine sees (a code naming no coupon stays as given). */
  coupon: CouponFacts | null;
  couponCode: string | null;
  shippingZone: ZoneAddress | null;
  shipmentMethodCode: string | null;
  paymentMethodCode: string | null;
  /** The variant the command is about to add, when it exists (its facts are in `facts.variants`). */
  addedVariantId: number | null;
}

/**
 * An order with the entities one command changes, loaded by loadOrder: the only way an order is
 * changed. Its methods speak the domain's words and keep what pricing reads in step with the entities;
 * entities they create or remove are registered with the command's EntityManager, so the command's one
 * flush writes them. A cart is priced again after every change (see write-path/write-path.ts).
 */
export class OrderAggregate implements OrderAggregateState {
  readonly order: Order;
  readonly asLoaded: StatesAsLoaded;
  readonly appliedPromotionIds: number[];
  readonly facts: PricingFacts;
  readonly configuration: ShopConfigurationSnapshot;
  coupon: CouponFacts | null;
  couponCode: string | null;
  shippingZone: ZoneAddress | null;
  shipmentMethodCode: string | null;
  paymentMethodCode: string | null;
  readonly addedVariantId: number | null;

  constructor(
    /** The command's EntityManager: what is created or removed here is written by its flush. */
    readonly em: EntityManager,
    state: OrderAggregateState,
  ) {
    this.order = state.order;
    this.appliedPromotionIds = state.appliedPromotionIds;
    this.facts = state.facts;
    this.configuration = state.configuration;
    this.coupon = state.coupon;
    this.couponCode = state.couponCode;
    this.shippingZone = state.shippingZone;
    this.shipmentMethodCode = state.shipmentMethodCode;
    this.paymentMethodCode = state.paymentMethodCode;
    this.addedVariantId = state.addedVariantId;
    this.asLoaded = {
      wasCart: this.isCart,
      state: this.order.state,
      payments: new Map(this.payments.map((payment) => [payment.id, payment.state])),
      shipments: new Map(this.shipments.map((shipment) => [shipment.id, shipment.state])),
    };
  }

  /** Whether pricing has seen the order as it now is; every change of what pricing reads resets it. */
  private priced = false;
  private discarded = false;

  /** Removed by `discard` (the flush deletes it). */
  get isDiscarded(): boolean {
    return this.discarded;
  }

  get isCart(): boolean {
    return this.order.state === 'cart';
  }

  /** A cart is priced again after every change; a placed or removed order never is. */
  get needsPricing(): boolean {
    return this.isCart && !this.discarded && !this.priced;
  }

  /** Called by the pricing port once it has written its result into the aggregate. */
  markPriced(): void {
    this.priced = true;
  }

  /** Called by every change pricing must see. */
  private changed(): void {
    this.priced = false;
  }

  /** Lines in id order, then lines added by this command; pricing keys its items by position here. */
  get items(): OrderItem[] {
    return this.order.items.getItems();
  }

  /** In id order; pricing keeps at most one. */
  get shipments(): Shipment[] {
    return this.order.shipments.getItems();
  }

  /** Every payment, in id order. */
  get payments(): Payment[] {
    return this.order.payments.getItems();
  }

  /** Payments still in state `cart`, in id order: the last one is the one the checkout chooses a method for. */
  get cartPayments(): Payment[] {
    return this.payments.filter((payment) => payment.state === 'cart');
  }

  /** The lines whose variant's stock is tracked. */
  get trackedItems(): OrderItem[] {
    return this.items.filter((item) => this.variant(item.variant.id).tracked);
  }

  /** The pieces in the order, all lines together. */
  get pieces(): number {
    return this.items.reduce((sum, item) => sum + item.quantity, 0);
  }

  /** The facts of a variant read with the order (a line's, or the one being added). */
  variant(variantId: number): VariantFacts {
    const facts = this.facts.variants.get(variantId);
    if (facts === undefined) throw new Error(`Variant ${variantId} was not read with order ${this.order.id}`);
    return facts;
  }

  /** The facts of the variant the command is adding; null when its code names no variant. */
  get addedVariant(): VariantFacts | null {
    return this.addedVariantId === null ? null : this.variant(this.addedVariantId);
  }

  /** The line with that id, if the order has it. */
  line(itemId: number | null): OrderItem | undefined {
    return itemId === null ? undefined : this.items.find((item) => item.id === itemId);
  }

  /** The (oldest) line holding the variant, if any. */
  lineOf(variantId: number): OrderItem | undefined {
    return this.items.find((item) => item.variant.id === variantId);
  }

  /** Adds pieces of a variant, merged into the line that already holds it; answers that line. */
  addItem(variantId: number, quantity: number): OrderItem {
    let line = this.lineOf(variantId);
    if (line === undefined) {
      line = this.em.create(OrderItem, { order: this.order, variant: variantId, quantity: 0 });
      this.order.items.add(line);
    }
    this.changeQuantity(line, line.quantity + quantity);
    return line;
  }

  /** Gives the line one unit per piece: new units are added, or the oldest removed with their adjustments. */
  changeQuantity(line: OrderItem, quantity: number): void {
    line.changeQuantity(quantity);
    this.changed();
  }

  /** Removes the line with its units and their adjustments. */
  removeItem(line: OrderItem): void {
    // The collection removes its orphans: the flush deletes the row.
    this.order.items.remove(line);
    this.changed();
  }

  /** Puts the coupon on the order (null: takes it off); `code` is what the client asked for. */
  useCoupon(coupon: CouponFacts | null, code: string | null): void {
    this.coupon = coupon;
    this.couponCode = coupon?.code ?? code;
    this.order.promotionCoupon = coupon === null ? null : this.em.getReference(PromotionCoupon, coupon.id);
    this.changed();
  }

  /** Takes the usage counters read under lock as the ones the order is judged and priced by. */
  countUsageAsLocked(promotionUsage: ReadonlyMap<number, number>, couponUsed: number | null): void {
    for (const [id, used] of promotionUsage) this.facts.promotionUsage.set(id, used);
    if (this.coupon !== null && couponUsed !== null) this.coupon = { ...this.coupon, used: couponUsed };
    this.changed();
  }

  /** Ships to and bills the addresses: the order's own address rows keep their ids, the values change. */
  address(shipping: AddressValues, billing: AddressValues): void {
    this.order.shippingAddress = this.storeAddress(this.order.shippingAddress, shipping);
    this.order.billingAddress = this.storeAddress(this.order.billingAddress, billing);
    this.shippingZone = { countryCode: shipping.countryCode, provinceCode: shipping.provinceCode };
    this.changed();
  }

  /** Moves the checkout to the state its step leads to (the checkout state machine decided it may). */
  moveCheckout(next: CheckoutStateName): void {
    this.order.checkoutState = next;
  }

  /** Passes the shipping and payment steps over when there is nothing to choose: no line to ship, nothing to pay. */
  skipStepsWithoutChoice(): void {
    const shippingRequired = this.items.some((item) => this.variant(item.variant.id).shippingRequired);
    this.order.checkoutState = resolveCheckoutSkips(this.order.checkoutState, { shippingRequired, paymentRequired: this.order.total > 0 });
  }

  /** Ships the n-th shipment with the method. */
  shipWith(shipment: Shipment, method: ShippingMethod): void {
    shipment.method = method;
    if (shipment === this.shipments[0]) this.shipmentMethodCode = method.code;
    this.changed();
  }

  /** Pays the payment with the method. */
  payWith(payment: Payment, method: PaymentMethod): void {
    payment.method = method;
    if (payment === this.cartPayments.at(-1)) this.paymentMethodCode = method.code;
    this.changed();
  }

  /** Removes the cart with everything it owns (the database removes its rows with it) and its own addresses. */
  discard(ownAddresses: Address[]): void {
    this.em.remove(this.order);
    this.em.remove(ownAddresses);
    this.discarded = true;
  }

  private storeAddress(current: Address | null, values: AddressValues): Address {
    if (current === null) return this.em.create(Address, values);
    Object.assign(current, values);
    return current;
  }
}
