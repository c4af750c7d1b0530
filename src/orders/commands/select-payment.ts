import { throwIfInvalid } from '../../common/forms/form-validation.exception';
import type { SubmittedForm } from '../../common/forms/validate-form';
import type { PaymentSelectionForm } from '../http/forms/method-selection.forms';
import { channelPaymentMethods } from '../services/channel-payment-methods';
import { checkMethodList, SELECT_PAYMENT_METHOD } from '../services/method-selection';
import { inOrderTransaction, lockAndLoad, save, type OrderCommandContext } from '../write-path/write-path';
import { conflictUnlessAllowed } from './checkout-transition';

const isSelectablePayment = (state: string): boolean => state === 'cart' || state === 'new';

/** The checkout's payment step: each open payment gets the method chosen for it among the channel's enabled ones. */
export function selectPayment({ em, outbox }: OrderCommandContext, orderId: number, form: SubmittedForm<PaymentSelectionForm>, partial: boolean): Promise<void> {
  return inOrderTransaction(em, async (tx) => {
    const order = await lockAndLoad(tx, { order: orderId, missing: 'order' });
    const methods = await channelPaymentMethods(tx, order.facts.channel.id);
    const payments = order.payments.filter((payment) => isSelectablePayment(payment.state));
    const choices = methods.map((method) => method.code);
    const chosen = checkMethodList(form.data.payments, form.errors.list('payments'), { entries: payments.length, choices, blank: SELECT_PAYMENT_METHOD, partial });
    throwIfInvalid(form.errors);
    const next = conflictUnlessAllowed(order.order.checkoutState, 'select_payment');
    payments.forEach((payment, index) => {
      const method = methods.find((candidate) => candidate.code === chosen[index]);
      if (method !== undefined) order.payWith(payment, method);
    });
    order.moveCheckout(next);
    await save(tx, order, outbox);
  });
}
