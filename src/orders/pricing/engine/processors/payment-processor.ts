import { resolvePaymentMethodCode } from '../payment';
import { orderTotal, type ProcessingContext, type WorkingOrder } from '../working-order';

/** The cart payment covers the whole order total; a free order has none. */
export function processPayment(order: WorkingOrder, { shop }: ProcessingContext): void {
  const amount = orderTotal(order);
  const methodCode = resolvePaymentMethodCode(
    amount,
    order.source.currentPaymentMethodCode,
    shop.paymentMethods,
    order.source.channel,
  );
  order.payment = methodCode === null ? null : { methodCode, amount };
}
