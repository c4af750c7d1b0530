import { MissingChannelPriceError } from '../errors';
import { createProcessingContext } from '../process-order';
import { anOrder, aPaymentMethod, aShippingMethod, aShop, aTaxRate, aVariant, line, NOW } from '../testing/builders';
import { pricedWorkingOrder, withShippingCharge } from '../testing/working';
import type { EngineOrder, EngineShop } from '../types';
import { createWorkingOrder } from '../working-order';
import { ORDER_PROCESSORS, processPayment, processPrices, processShipment, processShippingCharges, processTaxes } from '.';
import { shipmentSubject } from './shipment-processor';

const context = (shop: EngineShop = aShop()) => createProcessingContext(shop, NOW);

describe('processor chain', () => {
  it('runs shipment, prices, shipping charges, promotions, taxes, payment in that order', () => {
    expect(ORDER_PROCESSORS.map((processor) => processor.name)).toEqual([
      'processShipment',
      'processPrices',
      'processShippingCharges',
      'processPromotions',
      'processTaxes',
      'processPayment',
    ]);
  });
});

describe('processShipment', () => {
  const shop = aShop({ shippingMethods: [aShippingMethod()] });

  it('creates no shipment for an empty order', () => {
    const order = createWorkingOrder(anOrder({ currentShipmentMethodCode: 'flat' }));
    processShipment(order, context(shop));
    expect(order.shipmentMethodCode).toBeNull();
  });

  it('assigns the default method', () => {
    const order = createWorkingOrder(anOrder({ items: [line('A', 1)] }));
    processShipment(order, context(shop));
    expect(order.shipmentMethodCode).toBe('flat');
  });

  it('sees each variant once and every unit', () => {
    const variant = aVariant('A', 1);
    const order = createWorkingOrder(
      anOrder({ items: [{ key: 1, quantity: 2, variant }, { key: 2, quantity: 3, variant }, line('B', 1)] }),
    );
    const subject = shipmentSubject(order);
    expect(subject.variants.map((v) => v.code)).toEqual(['A', 'B']);
    expect(subject.unitCount).toBe(6);
  });
});

describe('processPrices', () => {
  it('reads the unit price of the channel', () => {
    const order = createWorkingOrder(anOrder({ items: [line('A', 1, 1, { channelPrices: { WEB: 250, MOBILE: 999 } })] }));
    processPrices(order);
    expect(order.items[0].unitPrice).toBe(250);
  });

  it.each<[string, string, Record<string, number>]>([
    ['no price for the channel', 'WEB', { MOBILE: 5 }],
    ['a channel code that is an inherited property name', 'toString', {}],
  ])('throws for %s', (_, channelCode, channelPrices) => {
    const order = createWorkingOrder(
      anOrder({ items: [line('A', 1, 1, { channelPrices })], channel: { ...anOrder().channel, code: channelCode } }),
    );
    expect(() => processPrices(order)).toThrow(MissingChannelPriceError);
  });
});

describe('processShippingCharges', () => {
  it('charges nothing without a shipment', () => {
    const order = pricedWorkingOrder(anOrder({ items: [line('A', 1)] }));
    processShippingCharges(order, context(aShop({ shippingMethods: [aShippingMethod()] })));
    expect(order.adjustments).toEqual([]);
  });

  it('charges nothing for a method the shop does not know', () => {
    const order = pricedWorkingOrder(anOrder({ items: [line('A', 1)] }));
    order.shipmentMethodCode = 'vanished';
    processShippingCharges(order, context());
    expect(order.adjustments).toEqual([]);
  });

  it('adds a 0 charge too', () => {
    const order = pricedWorkingOrder(anOrder({ items: [line('A', 1)] }));
    order.shipmentMethodCode = 'free';
    processShippingCharges(order, context(aShop({ shippingMethods: [aShippingMethod({ code: 'free', name: 'Free', configuration: { WEB: { amount: 0 } } })] })));
    expect(order.adjustments).toEqual([{ type: 'shipping', label: 'Free', amount: 0, neutral: false, originCode: null }]);
  });
});

describe('processTaxes', () => {
  const shop = aShop({ taxRates: [aTaxRate()], shippingMethods: [aShippingMethod({ taxCategoryCode: 'std' })] });

  it('does nothing for an empty order', () => {
    const order = withShippingCharge(pricedWorkingOrder(anOrder()), 500);
    order.shipmentMethodCode = 'flat';
    processTaxes(order, context(shop));
    expect(order.adjustments).toHaveLength(1);
  });

  it('taxes shipping with the rate of the shipment method', () => {
    const order = withShippingCharge(pricedWorkingOrder(anOrder({ items: [line('A', 0)] })), 500);
    order.shipmentMethodCode = 'flat';
    processTaxes(order, context(shop));
    expect(order.adjustments.map((adjustment) => adjustment.amount)).toEqual([500, 115]);
  });
});

describe('processPayment', () => {
  const shop = aShop({ paymentMethods: [aPaymentMethod('cod')] });
  const paid = (overrides: Partial<EngineOrder>) => {
    const order = pricedWorkingOrder(anOrder(overrides));
    processPayment(order, context(shop));
    return order.payment;
  };

  it('asks for the order total', () => {
    expect(paid({ items: [line('A', 120, 2)] })).toEqual({ methodCode: 'cod', amount: 240 });
  });

  it('drops the payment of a free order', () => {
    expect(paid({ items: [line('A', 0)], currentPaymentMethodCode: 'cod' })).toBeNull();
  });
});
