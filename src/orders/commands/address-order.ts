import type { SubmittedForm } from '../../common/forms/validate-form';
import type { AddressingForm } from '../http/forms/addressing.form';
import { priceOrder } from '../pricing/pricing';
import { checkAddressing } from '../services/addressing';
import { inOrderTransaction, lockAndLoad, save, type OrderCommandContext } from '../write-path/write-path';
import { conflictUnlessAllowed } from './checkout-transition';

/**
 * The checkout's addressing step: ships to and bills the addresses, prices the order for them (taxes and
 * shipping follow the address), and passes the shipping and payment steps over when there is nothing to
 * choose.
 */
export function addressOrder({ em, outbox }: OrderCommandContext, orderId: number, form: SubmittedForm<AddressingForm>): Promise<void> {
  return inOrderTransaction(em, async (tx) => {
    const order = await lockAndLoad(tx, { order: orderId, missing: 'order' });
    const addresses = await checkAddressing(tx, form);
    const next = conflictUnlessAllowed(order.order.checkoutState, 'address');
    order.address(addresses.shippingAddress, addresses.billingAddress);
    order.moveCheckout(next);
    await priceOrder(order);
    order.skipStepsWithoutChoice();
    await save(tx, order, outbox);
  });
}
