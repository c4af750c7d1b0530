export { CheckoutError } from './checkout-error';
export { CompleteCheckoutService, completeCheckoutInTransaction } from '../services/complete-checkout.service';
export { loadOrderToPlace, placeOrder } from './place-order';
