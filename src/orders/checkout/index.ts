export { CheckoutError, type CheckoutErrorReason } from './checkout-error';
export { completeCheckout, type CompleteCheckoutOptions } from './complete-checkout';
export { CompleteCheckoutService, completeCheckoutInTransaction } from './complete-checkout.service';
export { placeOrder, type PlacedOrder, type PlaceOrderOptions } from './place-order';
