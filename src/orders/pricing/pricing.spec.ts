/*
 * The pricing port over in-memory aggregates, in the manner of Vendure's order-calculator.spec: carts
 * built by test builders, priced, then their entities and values inspected. The ORM never connects; the
 * entities pricing creates or removes are read off the unit of work of the fork the aggregate uses
 * (nothing is flushed). Units and adjustments are JSON values of their owner: pricing keeps a stored
 * one (same object, same id) or makes a new one (UNASSIGNED_ID, given an id before the flush).
 */
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { Payment } from '../../payments/entities/payment.entity';
import { Shipment } from '../../shipping/entities/shipment.entity';
import { assignValueIds } from '../write-path/value-ids';
import type { AddressValues, OrderAggregate } from '../domain/order-aggregate';
import { UNASSIGNED_ID, type LineUnit, type StoredAdjustment } from '../domain/order-values';
import { MissingChannelPriceError, OrderProcessingError, type EngineAdjustment, type EngineShop } from './engine';
import { aPaymentMethod, aPromotion, aShippingMethod, aShop, aTaxRate, NOW } from './engine/testing/builders';
import { engineInputOf, priceOrder } from './pricing';
import { fakeSequences } from './testing/fake-sequences';
import { offlineOrm } from './testing/offline-orm';
import { createdBy, isRemovedBy } from './testing/unit-of-work';
import {
  aCart,
  aVariantFacts,
  PAYMENT_METHOD_ID_BASE,
  PROMOTION_ID_BASE,
  SHIPPING_METHOD_ID_BASE,
  storeAdjustment,
  storePayment,
  storeShipment,
  type CartSetup,
} from './testing/order-aggregate-builders';

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

const cart = (setup: CartSetup = {}): OrderAggregate => aCart(em, setup);

/** A cart of one line per [price, quantity], variants numbered from 1. */
const cartOf = (lines: Array<[number, number]>, setup: CartSetup = {}): OrderAggregate =>
  cart({ lines: lines.map(([price, quantity], index) => ({ variant: aVariantFacts(index + 1, price), quantity })), ...setup });

/** Every adjustment of the order in the order pricing makes them: each line's, then its units', then the order's. */
const allAdjustments = (aggregate: OrderAggregate): StoredAdjustment[] => [
  ...aggregate.items.flatMap((item) => [...item.adjustments, ...item.units.flatMap((unit) => unit.adjustments)]),
  ...aggregate.order.adjustments,
];

/** Every adjustment array of the order (the lines', the units', the order's), to tell which pricing replaced. */
const adjustmentArrays = (aggregate: OrderAggregate): StoredAdjustment[][] => [
  ...aggregate.items.flatMap((item) => [item.adjustments, ...item.units.map((unit) => unit.adjustments)]),
  aggregate.order.adjustments,
];

/** What the engine sees of an adjustment. */
const valuesOf = ({ type, label, amount, neutral, originCode }: StoredAdjustment): EngineAdjustment => ({ type, label, amount, neutral, originCode }) as EngineAdjustment;

const isNew = (adjustment: StoredAdjustment): boolean => adjustment.id === UNASSIGNED_ID && !adjustment.locked;

const unitsOf = (aggregate: OrderAggregate, line = 0): LineUnit[] => aggregate.items[line].units;
const allUnits = (aggregate: OrderAggregate): LineUnit[] => aggregate.items.flatMap((item) => item.units);

const removed = (entity: object): boolean => isRemovedBy(em, entity);
const created = <T extends object>(entity: new () => T): T[] => createdBy(em, entity);

const vat = (includedInPrice: boolean) => aTaxRate({ code: 'us_vat', name: 'VAT', amount: 0.23, includedInPrice });
const tenPercentOff = aPromotion({ code: 'ten_off', name: '10% off', actions: [{ type: 'order_percentage_discount', configuration: { percentage: 0.1 } }] });
const threeHundredOff = aPromotion({ code: 'minus_300', name: '3.00 off', actions: [{ type: 'order_fixed_discount', configuration: { WEB: { amount: 300 } } }] });

describe('engineInputOf', () => {
  it('gives the engine the lines by position, each variant with the channel price (none when not sold there)', () => {
    const aggregate = cart({
      lines: [
        { variant: aVariantFacts(1, 1000, { name: null, taxonCodes: ['shirts'] }), quantity: 2 },
        { variant: aVariantFacts(2, null), quantity: 1 },
      ],
      shippingZone: { countryCode: 'US', provinceCode: null },
      customer: { id: 9, hasAccount: false, groupCodes: ['vip'], placedOrders: 2, couponUsage: { SAVE: 1 } },
    });

    const input = engineInputOf(aggregate);

    expect(input.items.map(({ key, quantity, variant }) => ({ key, quantity, code: variant.code, name: variant.name, prices: variant.channelPrices, taxons: variant.productTaxonCodes }))).toEqual([
      { key: 0, quantity: 2, code: 'V1', name: 'V1', prices: { WEB: 1000 }, taxons: ['shirts'] },
      { key: 1, quantity: 1, code: 'V2', name: 'Variant V2', prices: {}, taxons: [] },
    ]);
    expect(input.channel).toEqual({ code: 'WEB', name: 'Web Channel', taxCalculationStrategy: 'order_items_based', defaultTaxZoneCode: 'US' });
    expect(input.shippingAddress).toEqual({ countryCode: 'US', provinceCode: null });
    expect(input.customer).toEqual({ id: 9, groupCodes: ['vip'], placedOrdersCount: 2, couponUsage: { SAVE: 1 } });
    expect(input.currentShipmentMethodCode).toBeNull();
    expect(input.currentPaymentMethodCode).toBeNull();
  });
});

describe('priceOrder', () => {
  describe('totals', () => {
    it.each([
      { case: 'one piece', lines: [[1000, 1]], unitsTotals: [1000], total: 1000 },
      { case: 'two pieces', lines: [[1000, 2]], unitsTotals: [2000], total: 2000 },
      { case: 'two lines', lines: [[1000, 2], [250, 3]], unitsTotals: [2000, 750], total: 2750 },
      { case: 'a free variant', lines: [[0, 4]], unitsTotals: [0], total: 0 },
    ] as Array<{ case: string; lines: Array<[number, number]>; unitsTotals: number[]; total: number }>)(
      '$case: each line at its channel price, order total $total',
      async ({ lines, unitsTotals, total }) => {
        const aggregate = cartOf(lines);

        await priceOrder(aggregate, NOW);

        expect(aggregate.items.map((item) => [item.unitPrice, item.quantity])).toEqual(lines);
        expect(aggregate.items.map((item) => item.unitsTotal)).toEqual(unitsTotals);
        expect(aggregate.items.map((item) => [item.adjustmentsTotal, item.total])).toEqual(unitsTotals.map((unitsTotal) => [0, unitsTotal]));
        expect(allUnits(aggregate).every((unit) => unit.adjustmentsTotal === 0)).toBe(true);
        expect([aggregate.order.itemsTotal, aggregate.order.adjustmentsTotal, aggregate.order.total]).toEqual([total, 0, total]);
        expect(allAdjustments(aggregate)).toEqual([]);
        expect(aggregate.shipments).toEqual([]);
        expect(aggregate.payments).toEqual([]);
      },
    );

    it('answers the engine result and marks the order priced', async () => {
      const aggregate = cartOf([[1000, 2]]);
      expect(aggregate.needsPricing).toBe(true);

      const result = await priceOrder(aggregate, NOW);

      expect(result).toMatchObject({ itemsTotal: 2000, total: 2000, items: [{ key: 0, unitPrice: 1000, quantity: 2 }] });
      expect(aggregate.needsPricing).toBe(false);
    });

    it('moves updatedAt', async () => {
      const aggregate = cartOf([[1000, 1]]);
      aggregate.order.updatedAt = new Date('2020-01-01T00:00:00Z');

      await priceOrder(aggregate, NOW);

      expect(aggregate.order.updatedAt.getTime()).toBeGreaterThan(new Date('2020-01-01T00:00:00Z').getTime());
    });
  });

  describe('taxes and promotions', () => {
    it.each([
      { case: 'tax excluded', included: false, promotions: [], unitTaxes: [230, 230], itemTotal: 2460 },
      { case: 'tax included', included: true, promotions: [], unitTaxes: [187, 187], itemTotal: 2000 },
      { case: 'tax excluded after a promotion', included: false, promotions: [threeHundredOff], unitTaxes: [196, 195], itemTotal: 2000 - 300 + 391 },
    ])('$case: each unit gets its tax as a unit adjustment', async ({ included, promotions, unitTaxes, itemTotal }) => {
      const aggregate = cartOf([[1000, 2]], { shop: aShop({ taxRates: [vat(included)], promotions }) });

      await priceOrder(aggregate, NOW);

      const units = unitsOf(aggregate);
      expect(units.map((unit) => unit.adjustments.filter((a) => a.type === 'tax').map(valuesOf))).toEqual(
        unitTaxes.map((amount) => [{ type: 'tax', label: 'VAT (23%)', amount, neutral: included, originCode: null }]),
      );
      expect(aggregate.items[0].total).toBe(itemTotal);
      expect(aggregate.order.total).toBe(itemTotal);
      expect(units.reduce((sum, unit) => sum + unit.adjustmentsTotal, 0)).toBe(itemTotal - 2000);
    });

    it('distributes an order discount over the units and records the promotion as applied', async () => {
      const aggregate = cartOf([[1000, 3]], { shop: aShop({ promotions: [threeHundredOff] }) });

      await priceOrder(aggregate, NOW);

      expect(unitsOf(aggregate).map((unit) => unit.adjustments.map(valuesOf))).toEqual(
        Array.from({ length: 3 }, () => [{ type: 'order_promotion', label: '3.00 off', amount: -100, neutral: false, originCode: 'minus_300' }]),
      );
      expect(unitsOf(aggregate).map((unit) => unit.adjustmentsTotal)).toEqual([-100, -100, -100]);
      // A line's units total counts its units' adjustments; the line has none of its own.
      expect([aggregate.items[0].unitsTotal, aggregate.items[0].adjustmentsTotal, aggregate.items[0].total]).toEqual([2700, 0, 2700]);
      expect([aggregate.order.itemsTotal, aggregate.order.adjustmentsTotal, aggregate.order.total]).toEqual([2700, 0, 2700]);
      expect(aggregate.appliedPromotionIds).toEqual([PROMOTION_ID_BASE]);
      expect(aggregate.order.promotions.getIdentifiers()).toEqual([PROMOTION_ID_BASE]);
    });
  });

  describe('shipment', () => {
    const shipping: Partial<EngineShop> = {
      shippingMethods: [
        aShippingMethod({ code: 'express', name: 'Express', position: 1, configuration: { WEB: { amount: 900 } } }),
        aShippingMethod({ code: 'flat', name: 'Flat', position: 0, configuration: { WEB: { amount: 500 } } }),
      ],
    };
    const expressId = SHIPPING_METHOD_ID_BASE;
    const flatId = SHIPPING_METHOD_ID_BASE + 1;

    it.each([
      { case: 'in database order without an address', shippingZone: null, method: 'express', methodId: expressId, label: 'Express', charge: 900 },
      { case: 'by position with an address', shippingZone: { countryCode: 'US', provinceCode: null }, method: 'flat', methodId: flatId, label: 'Flat', charge: 500 },
    ])('creates the shipment with the first method $case', async ({ shippingZone, method, methodId, label, charge }) => {
      const aggregate = cartOf([[1000, 2], [250, 1]], { shop: aShop(shipping), shippingZone });

      await priceOrder(aggregate, NOW);

      expect(aggregate.shipments).toHaveLength(1);
      const [shipment] = aggregate.shipments;
      expect(created(Shipment)).toEqual([shipment]);
      expect(shipment.order).toBe(aggregate.order);
      expect([shipment.method.id, shipment.state]).toEqual([methodId, 'cart']);
      expect(aggregate.shipmentMethodCode).toBe(method);
      expect(aggregate.order.adjustments.map(valuesOf)).toEqual([
        { type: 'shipping', label, amount: charge, neutral: false, originCode: null },
      ]);
      expect([aggregate.order.itemsTotal, aggregate.order.adjustmentsTotal, aggregate.order.total]).toEqual([2250, charge, 2250 + charge]);
    });

    it('keeps the stored shipment and its method when a unit is added', async () => {
      const aggregate = cartOf([[1000, 1]], { shop: aShop(shipping) });
      const shipment = storeShipment(aggregate, 'express');
      const [stored] = unitsOf(aggregate);
      aggregate.changeQuantity(aggregate.items[0], 2);

      await priceOrder(aggregate, NOW);

      expect(aggregate.shipments).toEqual([shipment]);
      expect(created(Shipment)).toEqual([]);
      expect(shipment.method.id).toBe(expressId);
      expect(unitsOf(aggregate).map((unit) => unit.id)).toEqual([stored.id, UNASSIGNED_ID]);
      expect(aggregate.order.adjustmentsTotal).toBe(900);
    });

    it('moves the stored shipment to the default method when its own is no longer offered', async () => {
      const withExpressDisabled = { shippingMethods: shipping.shippingMethods!.map((method) => ({ ...method, enabled: method.code !== 'express' })) };
      const aggregate = cartOf([[1000, 1]], { shop: aShop(withExpressDisabled) });
      const shipment = storeShipment(aggregate, 'express');

      await priceOrder(aggregate, NOW);

      expect(aggregate.shipments).toEqual([shipment]);
      expect(shipment.method.id).toBe(flatId);
      expect(aggregate.shipmentMethodCode).toBe('flat');
    });

    it('removes the shipments when nothing is to be shipped', async () => {
      const aggregate = cart({ lines: [{ variant: aVariantFacts(1, 1000, { shippingRequired: false }), quantity: 2 }], shop: aShop(shipping) });
      const shipment = storeShipment(aggregate, 'flat');

      await priceOrder(aggregate, NOW);

      expect(aggregate.shipments).toEqual([]);
      expect(removed(shipment)).toBe(true);
      expect(aggregate.shipmentMethodCode).toBeNull();
      expect([aggregate.order.adjustmentsTotal, aggregate.order.total]).toEqual([0, 2000]);
    });

    it('creates no shipment when nothing is to be shipped and there was none', async () => {
      const aggregate = cart({ lines: [{ variant: aVariantFacts(1, 1000, { shippingRequired: false }), quantity: 1 }], shop: aShop(shipping) });

      await priceOrder(aggregate, NOW);

      expect(aggregate.shipments).toEqual([]);
      expect(created(Shipment)).toEqual([]);
    });
  });

  describe('payment', () => {
    const payments: Partial<EngineShop> = { paymentMethods: [aPaymentMethod('bank', { position: 1 }), aPaymentMethod('cash', { position: 0 })] };
    const bankId = PAYMENT_METHOD_ID_BASE;
    const cashId = PAYMENT_METHOD_ID_BASE + 1;

    it('creates a cart payment of the order total with the default method, and updates it on the next pricing', async () => {
      const aggregate = cartOf([[1000, 2]], { shop: aShop(payments) });

      await priceOrder(aggregate, NOW);

      expect(aggregate.payments).toHaveLength(1);
      const [payment] = aggregate.payments;
      expect(created(Payment)).toEqual([payment]);
      expect(payment.order).toBe(aggregate.order);
      expect([payment.method?.id, payment.amount, payment.currencyCode, payment.state]).toEqual([cashId, 2000, 'USD', 'cart']);
      expect(aggregate.paymentMethodCode).toBe('cash');

      aggregate.changeQuantity(aggregate.items[0], 3);
      await priceOrder(aggregate, NOW);

      expect(aggregate.payments).toEqual([payment]);
      expect(created(Payment)).toEqual([payment]);
      expect([payment.method?.id, payment.amount]).toEqual([cashId, 3000]);
    });

    it('updates the newest cart payment only, keeping its method', async () => {
      const aggregate = cartOf([[1000, 1]], { shop: aShop(payments) });
      const failed = storePayment(aggregate, 'cash', 700, 'failed');
      const older = storePayment(aggregate, 'cash', 800);
      const newest = storePayment(aggregate, 'bank', 900);

      await priceOrder(aggregate, NOW);

      expect(aggregate.payments).toEqual([failed, older, newest]);
      expect(created(Payment)).toEqual([]);
      expect([failed.amount, older.amount, newest.amount]).toEqual([700, 800, 1000]);
      expect(newest.method?.id).toBe(bankId);
      expect(aggregate.paymentMethodCode).toBe('bank');
    });

    it('gives a stored cart payment without a method the default one', async () => {
      const aggregate = cartOf([[1000, 1]], { shop: aShop(payments) });
      const payment = storePayment(aggregate, null, 0);

      await priceOrder(aggregate, NOW);

      expect(aggregate.payments).toEqual([payment]);
      expect([payment.method?.id, payment.amount]).toEqual([cashId, 1000]);
      expect(aggregate.paymentMethodCode).toBe('cash');
    });

    it('removes the cart payments when there is nothing to pay', async () => {
      const aggregate = cartOf([[0, 1]], { shop: aShop(payments) });
      const failed = storePayment(aggregate, 'cash', 700, 'failed');
      const cartPayment = storePayment(aggregate, 'cash', 800);

      await priceOrder(aggregate, NOW);

      expect(aggregate.payments).toEqual([failed]);
      expect(removed(cartPayment)).toBe(true);
      expect(removed(failed)).toBe(false);
      expect(aggregate.paymentMethodCode).toBeNull();
    });
  });

  describe('adjustment ids', () => {
    /** One line of 2 at 10.00 with 3.00 off and 23 % VAT on top: each unit gets [promotion, tax]. */
    const setup = (): CartSetup => ({
      lines: [{ variant: aVariantFacts(1, 1000), quantity: 2 }],
      shop: aShop({ taxRates: [vat(false)], promotions: [threeHundredOff] }),
    });
    const promotion = (amount: number): EngineAdjustment => ({ type: 'order_promotion', label: '3.00 off', amount, neutral: false, originCode: 'minus_300' });
    const tax = (amount: number): EngineAdjustment => ({ type: 'tax', label: 'VAT (23%)', amount, neutral: false, originCode: null });

    it('makes each unit [promotion, tax] in the engine order, every one of them new', async () => {
      const aggregate = cart(setup());
      const [line] = aggregate.items;
      const [lineAdjustments, orderAdjustments] = [line.adjustments, aggregate.order.adjustments];

      await priceOrder(aggregate, NOW);

      expect(unitsOf(aggregate).map((unit) => unit.adjustments.map(valuesOf))).toEqual([
        [promotion(-150), tax(196)],
        [promotion(-150), tax(195)],
      ]);
      expect(allAdjustments(aggregate)).toHaveLength(4);
      expect(allAdjustments(aggregate).every(isNew)).toBe(true);
      // The line and the order get none, as they had none: their arrays are left as they were.
      expect(line.adjustments).toBe(lineAdjustments);
      expect(aggregate.order.adjustments).toBe(orderAdjustments);
    });

    it.each([
      {
        case: 'keeps every stored adjustment that matches',
        stored: [[promotion(-150), tax(196)], [promotion(-150), tax(195)]],
        kept: [[0, 1], [0, 1]],
        replaced: [false, false],
      },
      {
        case: 'replaces from the first difference on (a changed tax)',
        stored: [[promotion(-150), tax(999)], [promotion(-150), tax(195)]],
        kept: [[0], [0, 1]],
        replaced: [true, false],
      },
      {
        case: 'replaces from the first difference on (a changed promotion, an unchanged tax after it)',
        stored: [[promotion(-100), tax(196)], [promotion(-150), tax(195)]],
        kept: [[], [0, 1]],
        replaced: [true, false],
      },
      {
        case: 'replaces from the first difference on (the same adjustments in another order)',
        stored: [[tax(196), promotion(-150)], [promotion(-150), tax(195)]],
        kept: [[], [0, 1]],
        replaced: [true, false],
      },
      {
        case: 'removes stored adjustments the engine no longer makes',
        stored: [[promotion(-150), tax(196), tax(1)], [promotion(-150), tax(195)]],
        kept: [[0, 1], [0, 1]],
        replaced: [true, false],
      },
      {
        case: 'adds what the engine makes beyond the stored ones',
        stored: [[promotion(-150)], []],
        kept: [[0], []],
        replaced: [true, true],
      },
      {
        case: 'never keeps a locked adjustment, even an equal one',
        stored: [[promotion(-150), tax(196)], [{ ...promotion(-150), locked: true }, tax(195)]],
        kept: [[0, 1], []],
        replaced: [false, true],
      },
    ])('$case', async ({ stored, kept, replaced }) => {
      const aggregate = cart(setup());
      const before = unitsOf(aggregate).map((unit, index) => stored[index].map((values) => storeAdjustment(unit, values)));
      const storedArrays = unitsOf(aggregate).map((unit) => unit.adjustments);

      await priceOrder(aggregate, NOW);

      const after = unitsOf(aggregate).map((unit) => unit.adjustments);
      expect(after.map((adjustments) => adjustments.map(valuesOf))).toEqual([
        [promotion(-150), tax(196)],
        [promotion(-150), tax(195)],
      ]);
      after.forEach((adjustments, index) => {
        const keptOnes = kept[index].map((position) => before[index][position]);
        // Kept ones come first, the very stored values with their ids; the rest of the unit's are new, in the engine order.
        keptOnes.forEach((adjustment, position) => expect(adjustments[position]).toBe(adjustment));
        expect(adjustments.slice(keptOnes.length).every(isNew)).toBe(true);
        // The stored ones not kept are gone.
        expect(before[index].filter((adjustment) => adjustments.includes(adjustment))).toEqual(keptOnes);
        // A unit whose stored adjustments all stay keeps its very array; any change gives it a new one.
        expect(adjustments === storedArrays[index]).toBe(!replaced[index]);
      });
    });

    it('keeps the ids of an unchanged order on a second pricing, and replaces only what changed', async () => {
      const aggregate = cart({ ...setup(), lines: [{ variant: aVariantFacts(1, 1000), quantity: 2 }, { variant: aVariantFacts(2, 500), quantity: 1 }] });
      await priceOrder(aggregate, NOW);
      // The ids the command gives before its flush.
      await assignValueIds(fakeSequences().tx, aggregate.order, aggregate.items);
      const first = allAdjustments(aggregate);
      const [units, arrays] = [allUnits(aggregate), adjustmentArrays(aggregate)];
      expect(first.some((adjustment) => adjustment.id === UNASSIGNED_ID)).toBe(false);

      await priceOrder(aggregate, NOW);
      // Nothing changed: every unit and every adjustment array is the one stored, ids and all.
      allUnits(aggregate).forEach((unit, index) => expect(unit).toBe(units[index]));
      adjustmentArrays(aggregate).forEach((adjustments, index) => expect(adjustments).toBe(arrays[index]));
      expect(allAdjustments(aggregate)).toEqual(first);

      // A piece more of the second line moves the promotion's shares (and so the taxes) of every unit.
      aggregate.changeQuantity(aggregate.items[1], 2);
      await priceOrder(aggregate, NOW);
      expect(allAdjustments(aggregate).filter((adjustment) => first.includes(adjustment))).toEqual([]);
      expect(allAdjustments(aggregate).every(isNew)).toBe(true);
      // The stored units stay, with their ids; the new one waits for its id.
      expect(allUnits(aggregate).map((unit) => unit.id)).toEqual([...units.map((unit) => unit.id), UNASSIGNED_ID]);
    });
  });

  describe('applied promotions', () => {
    const needsThreePieces = aPromotion({
      code: 'three_pieces',
      name: 'Three pieces',
      rules: [{ type: 'cart_quantity', configuration: { count: 3 } }],
      actions: [{ type: 'order_fixed_discount', configuration: { WEB: { amount: 100 } } }],
    });
    const shop = aShop({ promotions: [tenPercentOff, needsThreePieces] });
    const tenPercentOffId = PROMOTION_ID_BASE;
    const threePiecesId = PROMOTION_ID_BASE + 1;

    it.each([
      { case: 'adds the applied ones', stored: [], quantity: 3, applied: [tenPercentOffId, threePiecesId] },
      { case: 'drops those that no longer apply', stored: [tenPercentOffId, threePiecesId], quantity: 1, applied: [tenPercentOffId] },
      { case: 'adds one and keeps the other', stored: [tenPercentOffId], quantity: 3, applied: [tenPercentOffId, threePiecesId] },
      { case: 'leaves them as they are', stored: [tenPercentOffId], quantity: 1, applied: [tenPercentOffId] },
    ])('$case', async ({ stored, quantity, applied }) => {
      const aggregate = cartOf([[1000, quantity]], { shop, appliedPromotionIds: stored });

      await priceOrder(aggregate, NOW);

      expect(aggregate.appliedPromotionIds).toEqual(applied);
      expect(aggregate.order.promotions.getIdentifiers<number>().sort((a, b) => a - b)).toEqual(applied);
    });
  });

  describe('needsPricing', () => {
    const address: AddressValues = {
      firstName: 'Ada', lastName: 'Lovelace', phoneNumber: null, company: null, countryCode: 'US',
      street: '1 Main St', city: 'Springfield', postcode: '12345', provinceCode: null, provinceName: null,
    };
    const twoLines = (setup: CartSetup = {}) =>
      cart({ lines: [{ variant: aVariantFacts(1, 1000), quantity: 2 }, { variant: aVariantFacts(2, 500), quantity: 1 }], addedVariant: aVariantFacts(3, 100), ...setup });

    it.each([
      { change: 'addItem of a new variant', apply: (a: OrderAggregate) => a.addItem(3, 2), total: 2700 },
      { change: 'addItem of a variant the cart holds', apply: (a: OrderAggregate) => a.addItem(2, 2), total: 3500 },
      { change: 'changeQuantity', apply: (a: OrderAggregate) => a.changeQuantity(a.items[0], 1), total: 1500 },
      { change: 'removeItem', apply: (a: OrderAggregate) => a.removeItem(a.items[0]), total: 500 },
      { change: 'useCoupon', apply: (a: OrderAggregate) => a.useCoupon(null, 'NO_SUCH_COUPON'), total: 2500 },
      { change: 'address', apply: (a: OrderAggregate) => a.address(address, address), total: 2500 },
      { change: 'countUsageAsLocked', apply: (a: OrderAggregate) => a.countUsageAsLocked(new Map(), null), total: 2500 },
    ])('$change makes a priced cart need pricing again, until it is priced', async ({ apply, total }) => {
      const aggregate = twoLines();
      await priceOrder(aggregate, NOW);
      expect(aggregate.needsPricing).toBe(false);

      apply(aggregate);
      expect(aggregate.needsPricing).toBe(true);

      await priceOrder(aggregate, NOW);
      expect(aggregate.needsPricing).toBe(false);
      expect(aggregate.order.total).toBe(total);
    });

    it.each([
      { order: 'a placed order', aggregate: () => twoLines({ state: 'new' }) },
      {
        order: 'a discarded cart',
        aggregate: () => {
          const discarded = twoLines();
          discarded.discard([]);
          return discarded;
        },
      },
    ])('is never true for $order', ({ aggregate }) => {
      const order = aggregate();
      expect(order.needsPricing).toBe(false);
      order.changeQuantity(order.items[0], 3);
      expect(order.needsPricing).toBe(false);
    });

    it('is true for a cart as loaded, and markPriced alone turns it off', () => {
      const aggregate = twoLines();
      expect(aggregate.needsPricing).toBe(true);
      aggregate.markPriced();
      expect(aggregate.needsPricing).toBe(false);
    });
  });

  describe('when the shop cannot price the order', () => {
    it('throws the engine error and leaves the totals as they were', async () => {
      const noPrice = aVariantFacts(2, null);
      const aggregate = cartOf([[1000, 2]], { shop: aShop({ taxRates: [vat(false)] }), addedVariant: noPrice });
      await priceOrder(aggregate, NOW);
      const adjustments = allAdjustments(aggregate);
      const [units, orderAdjustments] = [aggregate.items[0].units, aggregate.order.adjustments];
      const totals = () => [aggregate.order.itemsTotal, aggregate.order.adjustmentsTotal, aggregate.order.total, aggregate.items[0].total];
      const before = totals();

      const line = aggregate.addItem(noPrice.id, 1);
      const error = await priceOrder(aggregate, NOW).catch((caught: unknown) => caught);

      expect(error).toBeInstanceOf(OrderProcessingError);
      expect(error).toBeInstanceOf(MissingChannelPriceError);
      expect(totals()).toEqual(before);
      expect([line.unitPrice, line.total]).toEqual([0, 0]);
      expect(allAdjustments(aggregate)).toEqual(adjustments);
      expect(aggregate.items[0].units).toBe(units);
      expect(aggregate.order.adjustments).toBe(orderAdjustments);
      expect(aggregate.needsPricing).toBe(true);
    });
  });
});
