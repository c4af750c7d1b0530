import { LoadStrategy } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { badRequest, conflict, resourceNotFound } from '../../common/errors/api-error';
import { FormValidationException, throwIfInvalid } from '../../common/forms/form-validation.exception';
import type { SubmittedForm } from '../../common/forms/validate-form';
import { EventOutbox } from '../../events';
import { OrderProcessingError } from '../pricing/engine';
import { loadOrder } from '../commands/load-order';
import { orderCommand } from '../commands/order-command';
import type { OrderAggregate } from '../domain/order-aggregate';
import { priceOrder } from '../pricing/pricing';
import { CheckoutError } from '../commands/checkout-error';
import { CompleteCheckoutService } from './complete-checkout.service';
import { Order } from '../domain/order.entity';
import { findOrder } from '../queries/order.read-model';
import { canApplyCheckout, resolveCheckoutSkips, type CheckoutStateName } from '../domain/state-machines/checkout-state-machine';
import { PaymentMethod } from '../../payments/entities/payment-method.entity';
import { ShippingMethod } from '../../shipping/entities/shipping-method.entity';
import { conflictUnlessAllowed } from '../commands/checkout-transition';
import { serializeCheckoutSummary } from '../serializers/checkout-summary.serializer';
import type { AddressingForm } from '../http/forms/addressing.form';
import type { CompletionForm } from '../http/forms/completion.form';
import type { PaymentSelectionForm, ShippingSelectionForm } from '../http/forms/method-selection.forms';
import { checkAddressing } from './addressing';
import { checkMethodList, SELECT_PAYMENT_METHOD, SELECT_SHIPPING_METHOD } from './method-selection';
import { shippingChoices } from './shipping-choices';

export const SHIPPING_METHODS_UNRESOLVABLE = 'The shipment methods cannot be resolved in the current state of cart!';
export const PAYMENT_METHODS_UNRESOLVABLE = 'The payment methods cannot be resolved in the current state of cart!';

const isSelectablePayment = (state: string): boolean => state === 'cart' || state === 'new';

/** The channel's enabled payment methods, by position, with their translations (one statement). */
const channelPaymentMethods = (em: EntityManager, channelId: number) =>
  em.find(PaymentMethod, { enabled: true, channels: channelId }, { populate: ['translations'], strategy: LoadStrategy.JOINED, orderBy: { position: 'asc', id: 'asc' } });

/** The method's translation in `locale`, else its oldest one. */
function paymentMethodText(method: PaymentMethod, locale: string): { name: string; description: string | null } {
  const translations = method.translations.getItems().sort((a, b) => a.id - b.id);
  const translation = translations.find((candidate) => candidate.locale === locale) ?? translations[0];
  return translation === undefined ? { name: method.code, description: null } : { name: translation.name, description: translation.description };
}

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

const ORDER = { missing: 'order' } as const;

/**
 * Moves the checkout to `next` (the state its transition leads to, see conflictUnlessAllowed). With
 * `resolveSkips`, the order is priced with the step's changes and the shipping and payment steps are passed over when
 * there is nothing to choose: no line to ship, nothing to pay.
 */
async function moveCheckout(order: OrderAggregate, next: CheckoutStateName, resolveSkips: boolean): Promise<void> {
  order.order.checkoutState = next;
  if (!resolveSkips) return;
  const { total } = await priceOrder(order);
  const shippingRequired = order.items.some((item) => order.variant(item.variant.id).shippingRequired);
  order.order.checkoutState = resolveCheckoutSkips(order.order.checkoutState, { shippingRequired, paymentRequired: total > 0 });
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

  async address(id: number, form: SubmittedForm<AddressingForm>): Promise<void> {
    await orderCommand(this.em, id, { ...ORDER, outbox: this.outbox }, async (order, tx) => {
      const values = await checkAddressing(tx, form);
      const next = conflictUnlessAllowed(order.order.checkoutState, 'address');
      order.address(values.shippingAddress, values.billingAddress);
      await moveCheckout(order, next, true);
    });
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
      const choices = shippingChoices(loaded);
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

  async selectShipping(id: number, form: SubmittedForm<ShippingSelectionForm>): Promise<void> {
    await orderCommand(this.em, id, { ...ORDER, outbox: this.outbox }, async (order, tx) => {
      const choices = shippingChoices(order).map((choice) => choice.method.code);
      const chosen = checkMethodList(form.data.shipments, form.errors.list('shipments'), { entries: order.shipments.length, choices, blank: SELECT_SHIPPING_METHOD, partial: false });
      throwIfInvalid(form.errors);
      const next = conflictUnlessAllowed(order.order.checkoutState, 'select_shipping');
      const codes = chosen.filter((code): code is string => code !== null);
      const methods = codes.length === 0 ? [] : await tx.find(ShippingMethod, { code: { $in: codes } });
      [...order.shipments].forEach((shipment, index) => {
        const method = methods.find((candidate) => candidate.code === chosen[index]);
        if (method !== undefined) order.shipWith(shipment, method);
      });
      await moveCheckout(order, next, true);
    });
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

  async selectPayment(id: number, form: SubmittedForm<PaymentSelectionForm>, partial: boolean): Promise<void> {
    await orderCommand(this.em, id, { ...ORDER, outbox: this.outbox }, async (order, tx) => {
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
      await moveCheckout(order, next, false);
    });
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
