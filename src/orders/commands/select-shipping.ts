import { throwIfInvalid } from '../../common/forms/form-validation.exception';
import type { SubmittedForm } from '../../common/forms/validate-form';
import { ShippingMethod } from '../../shipping/entities/shipping-method.entity';
import type { ShippingSelectionForm } from '../http/forms/method-selection.forms';
import { priceOrder, shippingQuotes } from '../pricing/pricing';
import { checkMethodList, SELECT_SHIPPING_METHOD } from '../services/method-selection';
import { inOrderTransaction, lockAndLoad, save, type OrderCommandContext } from '../write-path/write-path';
import { conflictUnlessAllowed } from './checkout-transition';

/**
 * The checkout's shipping step: each shipment gets the method chosen for it among those that may ship
 * it; the order is priced with them, and the payment step is passed over when there is nothing to pay.
 */
export function selectShipping({ em, outbox }: OrderCommandContext, orderId: number, form: SubmittedForm<ShippingSelectionForm>): Promise<void> {
  return inOrderTransaction(em, async (tx) => {
    const order = await lockAndLoad(tx, { order: orderId, missing: 'order' });
    const choices = shippingQuotes(order).map((quote) => quote.method.code);
    const chosen = checkMethodList(form.data.shipments, form.errors.list('shipments'), { entries: order.shipments.length, choices, blank: SELECT_SHIPPING_METHOD, partial: false });
    throwIfInvalid(form.errors);
    const next = conflictUnlessAllowed(order.order.checkoutState, 'select_shipping');
    const codes = chosen.filter((code): code is string => code !== null);
    const methods = codes.length === 0 ? [] : await tx.find(ShippingMethod, { code: { $in: codes } });
    [...order.shipments].forEach((shipment, index) => {
      const method = methods.find((candidate) => candidate.code === chosen[index]);
      if (method !== undefined) order.shipWith(shipment, method);
    });
    order.moveCheckout(next);
    await priceOrder(order);
    order.skipStepsWithoutChoice();
    await save(tx, order, outbox);
  });
}
