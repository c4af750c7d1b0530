/**
 * Micro-benchmark of the cart-totals engine: a 200-line cart with five promotions of mixed action types,
 * taxes under both inclusion modes, and per-unit shipping.
 *
 *   npx tsc -p tsconfig.json --outDir /tmp/engine-bench-out && node /tmp/engine-bench-out/bench/engine-bench.js
 */
import { processOrder } from '../src/orders/pricing/engine';
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
  aZone,
  NOW,
} from '../src/orders/pricing/engine/testing/builders';
import type { EngineOrder, EngineShop } from '../src/orders/pricing/engine';

const LINES = 200;
const WARM_UP_RUNS = 500;
const MEASURED_RUNS = Number(process.env.BENCH_RUNS ?? 5000);

function buildShop(): EngineShop {
  return aShop({
    zones: [aZone('US', 'country', ['US']), aZone('US_CA', 'province', ['US-CA'], 'tax'), aZone('NA', 'zone', ['US'])],
    taxRates: [
      aTaxRate({ code: 'std', categoryCode: 'std', zoneCode: 'US_CA', amount: 0.23 }),
      aTaxRate({ code: 'reduced', categoryCode: 'reduced', zoneCode: 'US_CA', amount: 0.08, includedInPrice: true }),
    ],
    shippingMethods: [
      aShippingMethod({ code: 'ups', name: 'UPS', calculator: 'per_unit_rate', configuration: { WEB: { amount: 120 } }, taxCategoryCode: 'std' }),
      aShippingMethod({ code: 'dhl', name: 'DHL', zoneCode: 'NA', position: 1 }),
    ],
    promotions: [
      aPromotion({
        code: 'ten_percent',
        name: 'Ten percent',
        priority: 5,
        actions: [{ type: 'order_percentage_discount', configuration: { percentage: 0.1 } }],
      }),
      aPromotion({
        code: 'big_cart',
        name: 'Big cart',
        priority: 4,
        rules: [{ type: 'item_total', configuration: { WEB: { amount: 10_000 } } }],
        actions: [{ type: 'order_fixed_discount', configuration: { WEB: { amount: 2_500 } } }],
      }),
      aPromotion({
        code: 'mugs',
        name: 'Mugs',
        priority: 3,
        rules: [{ type: 'has_taxon', configuration: { taxons: ['mugs'] } }],
        actions: [{ type: 'unit_fixed_discount', configuration: { WEB: { amount: 150, filters: { taxons_filter: { taxons: ['mugs'] } } } } }],
      }),
      aPromotion({
        code: 'premium',
        name: 'Premium',
        priority: 2,
        actions: [
          { type: 'unit_percentage_discount', configuration: { WEB: { percentage: 0.05, filters: { price_range_filter: { min: 3_000 } } } } },
        ],
      }),
      aPromotion({
        code: 'ship',
        name: 'Half shipping',
        priority: 1,
        rules: [{ type: 'cart_quantity', configuration: { count: 10 } }],
        actions: [{ type: 'shipping_percentage_discount', configuration: { percentage: 0.5 } }],
      }),
    ],
    paymentMethods: [aPaymentMethod('cod')],
  });
}

function buildOrder(): EngineOrder {
  const items = Array.from({ length: LINES }, (_, i) =>
    anItem(
      i,
      aVariant(`V${i}`, 199 + ((i * 137) % 5_000), {
        taxCategoryCode: i % 3 === 0 ? 'reduced' : 'std',
        productTaxonCodes: i % 4 === 0 ? ['mugs'] : ['books'],
      }),
      1 + (i % 5),
    ),
  );
  return anOrder({
    channel: aChannel({ taxCalculationStrategy: 'order_items_based' }),
    items,
    shippingAddress: { countryCode: 'US', provinceCode: 'US-CA' },
  });
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
}

function main(): void {
  const shop = buildShop();
  const order = buildOrder();

  let checksum = 0;
  for (let i = 0; i < WARM_UP_RUNS; i++) {
    checksum += processOrder(order, shop, NOW).total;
  }

  const samples: number[] = [];
  for (let i = 0; i < MEASURED_RUNS; i++) {
    const start = process.hrtime.bigint();
    checksum += processOrder(order, shop, NOW).total;
    samples.push(Number(process.hrtime.bigint() - start) / 1_000);
  }
  samples.sort((a, b) => a - b);

  const result = processOrder(order, shop, NOW);
  const units = order.items.reduce((total, item) => total + item.quantity, 0);
  const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
  console.log(`cart: ${LINES} lines, ${units} units, promotions applied: ${result.appliedPromotionCodes.join(', ')}`);
  console.log(`total ${result.total}, taxTotal ${result.taxTotal}, shippingTotal ${result.shippingTotal} (checksum ${checksum})`);
  console.log(
    `processOrder over ${MEASURED_RUNS} runs: median ${percentile(samples, 0.5).toFixed(1)} µs, ` +
      `p99 ${percentile(samples, 0.99).toFixed(1)} µs, mean ${mean.toFixed(1)} µs`,
  );
}

main();
