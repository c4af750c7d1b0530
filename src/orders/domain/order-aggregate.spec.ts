/*
 * The aggregate's domain methods over in-memory entities (see pricing/testing): the entities they create
 * or remove are read off the unit of work of an ORM that never connects; units and adjustments are JSON
 * values of their owner, read off the owner.
 */
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { Address } from '../../addressing/entities/address.entity';
import { aCouponFacts, aCart, aVariantFacts, storeAdjustment, type CartSetup } from '../pricing/testing/order-aggregate-builders';
import { offlineOrm } from '../pricing/testing/offline-orm';
import { createdBy, isRemovedBy } from '../pricing/testing/unit-of-work';
import type { AddressValues, OrderAggregate } from './order-aggregate';
import { OrderItem } from './order-item.entity';
import { UNASSIGNED_ID, type LineUnit } from './order-values';

let orm: MikroORM;
let em: EntityManager;

beforeAll(async () => {
  orm = await offlineOrm();
});

afterAll(async () => {
  await orm.close();
});

beforeEach(() => {
  em = orm.em.fork();
});

const removed = (entity: object): boolean => isRemovedBy(em, entity);
const created = <T extends object>(entity: new () => T): T[] => createdBy(em, entity);

/** Lines of variant 1 (3 pieces) and variant 2 (1 piece), variant 3 about to be added. */
const aTwoLineCart = (setup: CartSetup = {}): OrderAggregate =>
  aCart(em, {
    lines: [
      { variant: aVariantFacts(1, 1000), quantity: 3 },
      { variant: aVariantFacts(2, 500, { tracked: true }), quantity: 1 },
    ],
    addedVariant: aVariantFacts(3, 100),
    ...setup,
  });

/** A unit the command made: it gets its id before the flush. */
const newUnit: LineUnit = { id: UNASSIGNED_ID, adjustmentsTotal: 0, adjustments: [] };

const tax = (amount: number) => ({ type: 'tax' as const, label: 'VAT', amount, neutral: false, originCode: null });

describe('OrderAggregate', () => {
  describe('addItem', () => {
    it('merges pieces of a variant the cart holds into its line, new units after the stored ones', () => {
      const aggregate = aTwoLineCart();
      const [line] = aggregate.items;
      const storedUnits = [...line.units];

      expect(aggregate.addItem(1, 2)).toBe(line);

      expect(aggregate.items).toHaveLength(2);
      expect(line.quantity).toBe(5);
      expect(line.units).toHaveLength(5);
      line.units.slice(0, 3).forEach((unit, index) => expect(unit).toBe(storedUnits[index]));
      expect(line.units.slice(3)).toEqual([newUnit, newUnit]);
      expect(created(OrderItem)).toEqual([]);
      expect(aggregate.pieces).toBe(6);
    });

    it('adds a line at the end for a variant the cart does not hold', () => {
      const aggregate = aTwoLineCart();

      const line = aggregate.addItem(3, 2);

      expect(aggregate.items.at(-1)).toBe(line);
      expect(created(OrderItem)).toEqual([line]);
      expect([line.order, line.variant.id, line.quantity]).toEqual([aggregate.order, 3, 2]);
      expect(line.units).toEqual([newUnit, newUnit]);
      expect(line.adjustments).toEqual([]);
      expect(aggregate.addedVariant?.code).toBe('V3');
    });
  });

  describe('changeQuantity', () => {
    it('removes the oldest units with their adjustments, keeping the line and its own adjustments', () => {
      const aggregate = aTwoLineCart();
      const [line, other] = aggregate.items;
      const [oldest, older, newest] = line.units;
      const lineAdjustment = storeAdjustment(line, tax(5));
      const unitAdjustments = [oldest, older, newest].map((unit, index) => storeAdjustment(unit, tax(index)));
      const otherAdjustment = storeAdjustment(other.units[0], tax(9));
      const [lineAdjustments, otherUnits] = [line.adjustments, other.units];

      aggregate.changeQuantity(line, 1);

      expect(line.quantity).toBe(1);
      expect(line.units).toHaveLength(1);
      expect(line.units[0]).toBe(newest);
      expect(newest.adjustments).toEqual([unitAdjustments[2]]);
      expect(line.adjustments).toBe(lineAdjustments);
      expect(line.adjustments).toEqual([lineAdjustment]);
      // The other line is left as it was, values and all.
      expect(other.units).toBe(otherUnits);
      expect(other.units[0].adjustments).toEqual([otherAdjustment]);
      expect([line, other].some(removed)).toBe(false);
    });

    it('adds units up to the quantity', () => {
      const aggregate = aTwoLineCart();
      const [, line] = aggregate.items;
      const [stored] = line.units;

      aggregate.changeQuantity(line, 3);

      expect(line.units).toHaveLength(3);
      expect(line.units[0]).toBe(stored);
      expect(line.units.slice(1)).toEqual([newUnit, newUnit]);
    });
  });

  describe('removeItem', () => {
    it('removes the line (its units and their adjustments go with its row), leaving the rest', () => {
      const aggregate = aTwoLineCart();
      const [line, other] = aggregate.items;
      storeAdjustment(line, tax(1));
      storeAdjustment(line.units[0], tax(2));
      const kept = [storeAdjustment(other, tax(3)), storeAdjustment(aggregate.order, tax(4))];

      aggregate.removeItem(line);

      expect(aggregate.items).toEqual([other]);
      expect(removed(line)).toBe(true);
      expect([other, aggregate.order].some(removed)).toBe(false);
      expect([other.adjustments, aggregate.order.adjustments]).toEqual([[kept[0]], [kept[1]]]);
      expect(aggregate.trackedItems).toEqual([other]);
    });
  });

  describe('useCoupon', () => {
    it('puts the coupon on the order, and takes it off keeping the code asked for', () => {
      const aggregate = aTwoLineCart();
      const coupon = aCouponFacts('SAVE', 100);

      aggregate.useCoupon(coupon, 'save');
      expect([aggregate.coupon, aggregate.couponCode, aggregate.order.promotionCoupon?.id]).toEqual([coupon, 'SAVE', coupon.id]);

      aggregate.useCoupon(null, 'NO_SUCH_COUPON');
      expect([aggregate.coupon, aggregate.couponCode, aggregate.order.promotionCoupon]).toEqual([null, 'NO_SUCH_COUPON', null]);
    });
  });

  describe('address', () => {
    const values = (countryCode: string, city: string): AddressValues => ({
      firstName: 'Ada', lastName: 'Lovelace', phoneNumber: null, company: null, countryCode,
      street: '1 Main St', city, postcode: '12345', provinceCode: null, provinceName: null,
    });

    it('creates the addresses once, then changes their values in place', () => {
      const aggregate = aTwoLineCart();

      aggregate.address(values('US', 'Springfield'), values('US', 'Shelbyville'));
      const { shippingAddress, billingAddress } = aggregate.order;
      expect(created(Address)).toEqual([shippingAddress, billingAddress]);
      expect([shippingAddress?.city, billingAddress?.city]).toEqual(['Springfield', 'Shelbyville']);
      expect(aggregate.shippingZone).toEqual({ countryCode: 'US', provinceCode: null });

      aggregate.address(values('FR', 'Paris'), values('US', 'Shelbyville'));
      expect(aggregate.order.shippingAddress).toBe(shippingAddress);
      expect(aggregate.order.billingAddress).toBe(billingAddress);
      expect(created(Address)).toHaveLength(2);
      expect([shippingAddress?.countryCode, shippingAddress?.city]).toEqual(['FR', 'Paris']);
      expect(aggregate.shippingZone).toEqual({ countryCode: 'FR', provinceCode: null });
    });
  });

  it('refuses a variant that was not read with the order', () => {
    expect(() => aTwoLineCart().variant(99)).toThrow(/Variant 99 was not read with order/);
  });
});
