import fc from 'fast-check';
import { integerDistribute, phpRound, proportionalIntegerDistribute, roundHalfDown } from './money';
import { processOrder } from './process-order';
import { calculateTax } from './taxes';
import {
  aChannel,
  anItem,
  anOrder,
  aPaymentMethod,
  aPromotion,
  aShippingMethod,
  aShop,
  aTaxRate,
  aVariant,
  NOW,
} from './testing/builders';
import type {
  EngineAdjustment,
  EngineOrder,
  EnginePromotion,
  EnginePromotionAction,
  EngineResult,
  EngineShop,
  TaxCalculationStrategy,
} from './types';

const RUNS = { numRuns: 300 };

describe('distributor properties', () => {
  it('integerDistribute sums to the amount with shares differing by at most one, larger first', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.integer({ min: 1, max: 50 }), (amount, targets) => {
        const shares = integerDistribute(amount, targets);
        const magnitudes = shares.map(Math.abs);
        expect(shares).toHaveLength(targets);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(amount);
        expect(Math.max(...magnitudes) - Math.min(...magnitudes)).toBeLessThanOrEqual(1);
        expect([...magnitudes].sort((a, b) => b - a)).toEqual(magnitudes);
      }),
      RUNS,
    );
  });

  it('proportionalIntegerDistribute always sums to the amount', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 20 }).filter((w) => w.some((x) => x > 0)),
        fc.integer({ min: -100_000, max: 100_000 }),
        (weights, amount) => {
          const shares = proportionalIntegerDistribute(weights, amount);
          expect(shares.reduce((a, b) => a + b, 0)).toBe(amount);
          shares.forEach((share) => expect(Number.isInteger(share)).toBe(true));
        },
      ),
      RUNS,
    );
  });

  it('rounding with the pre-rounding shortcut matches rounding that always pre-rounds', () => {
    const reference = (value: number, halfDown: boolean) => {
      const p = Number(value.toPrecision(15));
      const rounded = halfDown ? Math.ceil(Math.abs(p) - 0.5) : Math.floor(Math.abs(p) + 0.5);
      return Math.sign(p) * rounded || 0;
    };
    const nearHalf = fc
      .tuple(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: -64, max: 64 }))
      .map(([k, ulps]) => k + 0.5 + ulps * Number.EPSILON * Math.max(1, Math.abs(k)));
    const product = fc
      .tuple(fc.integer({ min: -10_000_000, max: 10_000_000 }), fc.integer({ min: 1, max: 10_000 }))
      .map(([base, rate]) => base * (rate / 1000));
    const anyDouble = fc.double({ min: -1e17, max: 1e17, noNaN: true });
    fc.assert(
      fc.property(fc.oneof(nearHalf, product, anyDouble), (value) => {
        expect(phpRound(value)).toBe(reference(value, false));
        expect(roundHalfDown(value)).toBe(reference(value, true));
      }),
      { numRuns: 5000 },
    );
  });

  it('phpRound sends exact halves away from zero', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), (k) => {
        expect(phpRound(k + 0.5)).toBe(k + 1);
        expect(phpRound(-(k + 0.5))).toBe(-(k + 1));
      }),
      RUNS,
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Random carts and shops

const promotionAction: fc.Arbitrary<EnginePromotionAction> = fc.oneof(
  fc.integer({ min: 0, max: 50_000 }).map((amount) => ({ type: 'order_fixed_discount' as const, configuration: { WEB: { amount } } })),
  fc.integer({ min: 1, max: 100 }).map((p) => ({ type: 'order_percentage_discount' as const, configuration: { percentage: p / 100 } })),
  fc.integer({ min: 0, max: 5_000 }).map((amount) => ({ type: 'unit_fixed_discount' as const, configuration: { WEB: { amount } } })),
  fc.integer({ min: 0, max: 150 }).map((p) => ({ type: 'unit_percentage_discount' as const, configuration: { WEB: { percentage: p / 100 } } })),
  fc.integer({ min: 0, max: 100 }).map((p) => ({ type: 'shipping_percentage_discount' as const, configuration: { percentage: p / 100 } })),
);

const promotion = (index: number): fc.Arbitrary<EnginePromotion> =>
  fc
    .record({
      priority: fc.integer({ min: -2, max: 3 }),
      exclusive: fc.boolean(),
      actions: fc.array(promotionAction, { minLength: 1, maxLength: 2 }),
      minimumItemsTotal: fc.option(fc.integer({ min: 0, max: 30_000 }), { nil: null }),
    })
    .map(({ minimumItemsTotal, ...rest }) =>
      aPromotion({
        code: `p${index}`,
        name: `Promotion ${index}`,
        rules: minimumItemsTotal === null ? [] : [{ type: 'item_total', configuration: { WEB: { amount: minimumItemsTotal } } }],
        ...rest,
      }),
    );

const scenario = fc
  .record({
    lines: fc.array(
      fc.record({
        price: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 20_000 })),
        quantity: fc.integer({ min: 1, max: 12 }),
        taxCategoryCode: fc.constantFrom('std', 'reduced', null),
        shippingRequired: fc.boolean(),
      }),
      { minLength: 0, maxLength: 6 },
    ),
    strategy: fc.constantFrom<TaxCalculationStrategy>('order_items_based', 'order_item_units_based'),
    stdRate: fc.integer({ min: 0, max: 30 }),
    reducedRate: fc.integer({ min: 0, max: 30 }),
    included: fc.boolean(),
    shipping: fc.record({
      calculator: fc.constantFrom('flat_rate' as const, 'per_unit_rate' as const),
      amount: fc.integer({ min: 0, max: 2_000 }),
      taxCategoryCode: fc.constantFrom('std', null),
    }),
    promotionCount: fc.integer({ min: 0, max: 4 }),
    withAddress: fc.boolean(),
  })
  .chain((base) =>
    fc.tuple(fc.constant(base), fc.tuple(...Array.from({ length: base.promotionCount }, (_, i) => promotion(i)))),
  )
  .map(([base, promotions]): { order: EngineOrder; shop: EngineShop } => ({
    order: anOrder({
      channel: aChannel({ taxCalculationStrategy: base.strategy }),
      items: base.lines.map((l, i) =>
        anItem(i, aVariant(`V${i}`, l.price, { taxCategoryCode: l.taxCategoryCode, shippingRequired: l.shippingRequired }), l.quantity),
      ),
      shippingAddress: base.withAddress ? { countryCode: 'US', provinceCode: null } : null,
    }),
    shop: aShop({
      taxRates: [
        aTaxRate({ code: 'std', categoryCode: 'std', amount: base.stdRate / 100, includedInPrice: base.included }),
        aTaxRate({ code: 'reduced', categoryCode: 'reduced', amount: base.reducedRate / 100 }),
      ],
      shippingMethods: [aShippingMethod({ ...base.shipping, configuration: { WEB: { amount: base.shipping.amount } } })],
      promotions,
      paymentMethods: [aPaymentMethod('cod')],
    }),
  }));

const sum = (adjustments: EngineAdjustment[], predicate: (a: EngineAdjustment) => boolean = () => true) =>
  adjustments.filter(predicate).reduce((total, a) => total + a.amount, 0);
const counted = (a: EngineAdjustment) => !a.neutral;
const allAdjustments = (result: EngineResult) => [
  ...result.adjustments,
  ...result.items.flatMap((item) => [...item.adjustments, ...item.units.flatMap((unit) => unit.adjustments)]),
];

describe('processOrder properties', () => {
  it('totals equal the sum of their parts at every level', () => {
    fc.assert(
      fc.property(scenario, ({ order, shop }) => {
        const result = processOrder(order, shop, NOW);
        result.items.forEach((item, index) => {
          expect(item.quantity).toBe(order.items[index].quantity);
          expect(item.units).toHaveLength(item.quantity);
          for (const unit of item.units) {
            expect(unit.adjustmentsTotal).toBe(sum(unit.adjustments, counted));
            expect(unit.total).toBe(Math.max(0, item.unitPrice + unit.adjustmentsTotal));
          }
          expect(item.unitsTotal).toBe(item.units.reduce((total, unit) => total + unit.total, 0));
          expect(item.adjustmentsTotal).toBe(sum(item.adjustments, counted));
          expect(item.total).toBe(Math.max(0, item.unitsTotal + item.adjustmentsTotal));
        });
        expect(result.itemsTotal).toBe(result.items.reduce((total, item) => total + item.total, 0));
        expect(result.adjustmentsTotal).toBe(sum(result.adjustments, counted));
        expect(result.total).toBe(Math.max(0, result.itemsTotal + result.adjustmentsTotal));
        expect(result.taxTotal).toBe(sum(allAdjustments(result), (a) => a.type === 'tax'));
        expect(result.payment?.amount ?? 0).toBe(result.total);
        for (const adjustment of allAdjustments(result)) {
          expect(Number.isInteger(adjustment.amount)).toBe(true);
          expect(Object.is(adjustment.amount, -0)).toBe(false);
        }
      }),
      RUNS,
    );
  });

  it('is idempotent, also when fed back its own shipment and payment', () => {
    fc.assert(
      fc.property(scenario, ({ order, shop }) => {
        const first = processOrder(order, shop, NOW);
        expect(processOrder(order, shop, NOW)).toEqual(first);
        const again = processOrder(
          {
            ...order,
            currentShipmentMethodCode: first.shipment?.methodCode ?? null,
            currentPaymentMethodCode: first.payment?.methodCode ?? null,
          },
          shop,
          NOW,
        );
        expect(again).toEqual(first);
      }),
      RUNS,
    );
  });

  it('item-based taxes on an item always sum to the tax of its pre-tax total', () => {
    fc.assert(
      fc.property(scenario, ({ order, shop }) => {
        const result = processOrder({ ...order, channel: aChannel({ taxCalculationStrategy: 'order_items_based' }) }, shop, NOW);
        result.items.forEach((item, index) => {
          const rate = shop.taxRates.find((r) => r.categoryCode === order.items[index].variant.taxCategoryCode);
          const preTaxTotal = item.units.reduce(
            (total, unit) => total + Math.max(0, item.unitPrice + sum(unit.adjustments, (a) => counted(a) && a.type !== 'tax')),
            0,
          );
          const taxes = item.units.map((unit) => sum(unit.adjustments, (a) => a.type === 'tax'));
          expect(taxes.reduce((a, b) => a + b, 0)).toBe(rate === undefined ? 0 : calculateTax(preTaxTotal, rate));
          expect(Math.max(...taxes) - Math.min(...taxes)).toBeLessThanOrEqual(1);
        });
      }),
      RUNS,
    );
  });

  it('an order discount always distributes exactly its amount, evenly over each item’s units', () => {
    const orderDiscount = fc.oneof(
      fc.integer({ min: 1, max: 50_000 }).map((amount) => ({
        action: { type: 'order_fixed_discount' as const, configuration: { WEB: { amount } } },
        expected: (itemsTotal: number) => -Math.min(itemsTotal, amount),
      })),
      fc.integer({ min: 1, max: 100 }).map((p) => ({
        action: { type: 'order_percentage_discount' as const, configuration: { percentage: p / 100 } },
        expected: (itemsTotal: number) => -phpRound(itemsTotal * (p / 100)),
      })),
    );
    fc.assert(
      fc.property(scenario, orderDiscount, ({ order }, { action, expected }) => {
        const shop = aShop({ promotions: [aPromotion({ code: 'only', actions: [action] })] });
        const result = processOrder(order, shop, NOW);
        const grossTotal = order.items.reduce((total, item) => total + item.variant.channelPrices.WEB * item.quantity, 0);
        const discounts = result.items.map((item) => item.units.map((unit) => sum(unit.adjustments, (a) => a.type === 'order_promotion')));
        expect(discounts.flat().reduce((a, b) => a + b, 0) || 0).toBe(expected(grossTotal) || 0);
        for (const unitDiscounts of discounts) {
          expect(Math.max(...unitDiscounts) - Math.min(...unitDiscounts)).toBeLessThanOrEqual(1);
        }
      }),
      RUNS,
    );
  });
});
