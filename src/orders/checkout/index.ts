export { CheckoutError } from './checkout-error';
export { CompleteCheckoutService, completeCheckoutInTransaction } from './complete-checkout.service';
export { placeOrder } from './place-order';
