import * as engine from '.';

describe('public surface', () => {
  it('exports the engine functions', () => {
    for (const name of [
      'processOrder',
      'isCouponEligible',
      'findCoupon',
      'phpRound',
      'roundHalfDown',
      'truncate',
      'integerDistribute',
      'proportionalIntegerDistribute',
      'phpFloatToString',
      'formatTaxRateLabel',
      'createZoneLookup',
      'matchZone',
      'matchAllZones',
    ] as const) {
      expect(typeof engine[name]).toBe('function');
    }
    expect(engine.ADJUSTMENT.ORDER_PROMOTION).toBe('order_promotion');
  });

  it.each([
    new engine.MissingChannelPriceError('V', 'WEB', 'Variant', 'Web'),
    new engine.MissingShippingConfigurationError('M', 'WEB', 'Method', 'Web'),
    new engine.UnsupportedTaxCalculationStrategyError(null),
    new engine.InvalidItemQuantityError('line', 0),
  ])('makes %p an OrderProcessingError with its own name', (error) => {
    expect(error).toBeInstanceOf(engine.OrderProcessingError);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe(error.constructor.name);
    expect(error.message).not.toBe('');
  });
});
