/** Base class of every failure the engine reports; the API layer maps these to a 400 response. */
export class OrderProcessingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

export class MissingChannelPriceError extends OrderProcessingError {
  constructor(
    readonly variantCode: string,
    readonly channelCode: string,
    variantName: string,
    channelName: string,
  ) {
    super(`Channel ${channelName} has no price defined for product variant ${variantName}`);
  }
}

export class MissingShippingConfigurationError extends OrderProcessingError {
  constructor(
    readonly methodCode: string,
    readonly channelCode: string,
    methodName: string,
    channelName: string,
  ) {
    super(`Channel ${channelName} has no amount defined for shipping method ${methodName}`);
  }
}

export class UnsupportedTaxCalculationStrategyError extends OrderProcessingError {
  constructor(readonly strategy: string | null) {
    super(
      strategy === null
        ? 'The channel has no tax calculation strategy.'
        : `Unsupported tax calculation strategy "${strategy}".`,
    );
  }
}

export class InvalidItemQuantityError extends OrderProcessingError {
  constructor(
    readonly itemKey: string | number,
    readonly quantity: number,
  ) {
    super(`Order item ${String(itemKey)} has an invalid quantity ${quantity}; it must be an integer of at least 1.`);
  }
}
