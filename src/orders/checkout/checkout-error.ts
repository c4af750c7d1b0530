export type CheckoutErrorReason = 'not_found' | 'not_a_cart' | 'empty' | 'no_shipping_method' | 'no_payment_method' | 'insufficient_stock';

/** Why a cart cannot become a placed order; nothing of the attempt is kept. */
export class CheckoutError extends Error {
  constructor(
    readonly reason: CheckoutErrorReason,
    message: string,
  ) {
    super(message);
    this.name = 'CheckoutError';
  }
}
