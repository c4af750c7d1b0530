import { LoadStrategy } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { badRequest, conflict, resourceNotFound } from '../../common/errors/api-error';
import { FormValidationException, throwIfInvalid } from '../../common/forms/form-validation.exception';
import type { SubmittedForm } from '../../common/forms/validate-form';
import { EventOutbox } from '../../events';
import { ShippingMethod } from '../../shipping/entities/shipping-method.entity';
import { addressOrder } from '../commands/address-order';
import { CheckoutError } from '../commands/checkout-error';
import { selectPayment } from '../commands/select-payment';
import { selectShipping } from '../commands/select-shipping';
import { canApplyCheckout } from '../domain/state-machines/checkout-state-machine';
import { Order } from '../domain/order.entity';
import type { AddressingForm } from '../http/forms/addressing.form';
import type { CompletionForm } from '../http/forms/completion.form';
import type { PaymentSelectionForm, ShippingSelectionForm } from '../http/forms/method-selection.forms';
import { OrderProcessingError } from '../pricing/engine';
import { shippingQuotes } from '../pricing/pricing';
import { findOrder } from '../queries/order.read-model';
import { serializeCheckoutSummary } from '../serializers/checkout-summary.serializer';
import { loadOrder } from '../write-path/load-order';
import type { OrderCommandContext } from '../write-path/write-path';
import { channelPaymentMethods, paymentMethodText } from './channel-payment-methods';
import { CompleteCheckoutService } from './complete-checkout.service';

export const SHIPPING_METHODS_UNRESOLVABLE = 'The shipment methods cannot be resolved in the current state of cart!';
export const PAYMENT_METHODS_UNRESOLVABLE = 'The payment methods cannot be resolved in the current state of cart!';

/** The answer to a completion the checkout service refused: an order that cannot be placed says why at the form's root. */
function completionRefused(error: CheckoutError, form: SubmittedForm<CompletionForm>): Error {
  switch (error.reason) {
    case 'not_found':
      return resourceNotFound('order');
    case 'wrong_state':
      return conflict(error.message);
    case 'not_placeable':
      for (const message of error.messages) form.errors.addRoot(message);
      return new FormValidationException(form.errors);
  }
}

/** The checkout steps of an order (src/orders/domain/state-machines/checkout-state-machine.ts decides which may run). */
@Injectable()
export class CheckoutsService {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: EventOutbox,
    private readonly completion: CompleteCheckoutService,
  ) {}

  async summary(id: number) {
    const row = await findOrder(this.em.fork(), id);
    if (row === null) throw resourceNotFound('order');
    return serializeCheckoutSummary(row);
  }

  private get context(): OrderCommandContext {
    return { em: this.em, outbox: this.outbox };
  }

  address(id: number, form: SubmittedForm<AddressingForm>): Promise<void> {
    return addressOrder(this.context, id, form);
  }

  /** The methods each shipment of a cart may use, with what each would charge. */
  async shippingMethods(id: number) {
    const em = this.em.fork();
    const order = await em.findOne(Order, id);
    if (order === null) throw resourceNotFound('order');
    if (order.state !== 'cart' || !canApplyCheckout(order.checkoutState, 'select_shipping')) throw badRequest(SHIPPING_METHODS_UNRESOLVABLE);
    try {
      const loaded = await loadOrder(em, order);
      if (loaded.shipments.length === 0) return [];
      const choices = shippingQuotes(loaded);
      const methods = choices.length === 0 ? [] : await em.find(ShippingMethod, { code: { $in: choices.map((choice) => choice.method.code) } });
      const byCode = new Map(methods.map((method) => [method.code, method]));
      const listed = choices.map((choice) => {
        const method = byCode.get(choice.method.code)!;
        return { id: method.id, code: method.code, name: method.name, ...(method.description !== null && { description: method.description }), price: choice.price() };
      });
      return { shipments: loaded.shipments.map(() => ({ methods: listed })) };
    } catch (error) {
      if (error instanceof OrderProcessingError) throw badRequest(error.message);
      throw error;
    }
  }

  selectShipping(id: number, form: SubmittedForm<ShippingSelectionForm>): Promise<void> {
    return selectShipping(this.context, id, form);
  }

  /** The payment methods each payment of a cart may use. */
  async paymentMethods(id: number) {
    const em = this.em.fork();
    const order = await em.findOne(Order, id, { populate: ['payments'], strategy: LoadStrategy.JOINED });
    if (order === null) throw resourceNotFound('order');
    if (order.state !== 'cart' || !canApplyCheckout(order.checkoutState, 'select_payment')) throw badRequest(PAYMENT_METHODS_UNRESOLVABLE);
    if (order.payments.length === 0) return [];
    const listed = (await channelPaymentMethods(em, order.channel.id)).map((method) => {
      const { name, description } = paymentMethodText(method, order.localeCode);
      return { id: method.id, code: method.code, name, ...(description !== null && { description }) };
    });
    return { payments: order.payments.getItems().map(() => ({ methods: listed })) };
  }

  selectPayment(id: number, form: SubmittedForm<PaymentSelectionForm>, partial: boolean): Promise<void> {
    return selectPayment(this.context, id, form, partial);
  }

  /**
   * Places the order through the one checkout completion (also behind `npm run cli -- order:complete`).
   * An invalid form on an unknown order is still a 404.
   */
  async complete(id: number, form: SubmittedForm<CompletionForm>): Promise<void> {
    if (!form.errors.isValid) {
      if ((await this.em.fork().count(Order, { id })) === 0) throw resourceNotFound('order');
      throwIfInvalid(form.errors);
    }
    const notes = form.data.notes;
    try {
      await this.completion.complete(id, { notes: typeof notes === 'string' && notes !== '' ? notes : null });
    } catch (error) {
      if (error instanceof CheckoutError) throw completionRefused(error, form);
      if (error instanceof OrderProcessingError) throw badRequest(error.message);
      throw error;
    }
  }
}
