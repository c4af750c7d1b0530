import { LoadStrategy } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { badRequest, conflict, resourceNotFound, type ApiError } from '../../common/errors/api-error';
import { OrderProcessingError } from '../pricing/engine';
import { loadOrderForProcessing } from '../pricing/order-processor';
import { CheckoutError, CompleteCheckoutService } from '../commands';
import { Order } from '../domain/order.entity';
import { findOrder } from '../queries/order.read-model';
import { canApplyCheckout } from '../domain/state-machines/checkout-state-machine';
import { PaymentMethod } from '../../payments/entities/payment-method.entity';
import { ShippingMethod } from '../../shipping/entities/shipping-method.entity';
import { changeCheckout, checkoutTransition, reprocessCheckout } from '../commands/checkout-transaction';
import { serializeCheckoutSummary } from '../serializers/checkout-summary.serializer';
import { CompletionForm } from '../http/forms/completion.form';
import { branch, bodyObject, EXTRA_FIELDS, leaf, throwIfTreeInvalid, unknownKeys, validateFields, validationFailed, type FormNode } from '../http/forms/form-tree';
import { storeAddress, validateAddressing } from './addressing';
import { SELECT_PAYMENT_METHOD, SELECT_SHIPPING_METHOD, validateMethodList } from './method-selection';
import { shippingChoices, shippingPrice } from './shipping-choices';

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

/** The complete step's form: optional `notes` text. */
function validateCompleteForm(body: Record<string, unknown>): { notes: string | null; tree: FormNode } {
  const { data, messages } = validateFields(CompletionForm, body, ['notes']);
  const tree = branch(unknownKeys(body, ['notes']).length > 0 ? [EXTRA_FIELDS] : [], { notes: leaf(messages.get('notes')) });
  const notes = data.notes;
  return { notes: typeof notes === 'string' && notes !== '' ? notes : null, tree };
}

/** The answer to a completion the checkout service refused. */
function completionRefused(error: CheckoutError, tree: FormNode): ApiError {
  switch (error.reason) {
    case 'not_found':
      return resourceNotFound('order');
    case 'wrong_state':
      return conflict(error.message);
    case 'not_placeable':
      return validationFailed(branch(error.messages, tree.children ?? {}));
  }
}

/** The checkout steps of an order (src/orders/domain/state-machines/checkout-state-machine.ts decides which may run). */
@Injectable()
export class CheckoutsService {
  constructor(
    private readonly em: EntityManager,
    private readonly completion: CompleteCheckoutService,
  ) {}

  async summary(id: number) {
    const row = await findOrder(this.em.fork(), id);
    if (row === null) throw resourceNotFound('order');
    return serializeCheckoutSummary(row);
  }

  async address(id: number, body: unknown): Promise<void> {
    const submitted = bodyObject(body);
    await changeCheckout(this.em, id, ['shippingAddress', 'billingAddress'], async (tx, order) => {
      const values = await validateAddressing(tx, submitted);
      order.checkoutState = checkoutTransition(order, 'address');
      order.shippingAddress = storeAddress(tx, order.shippingAddress, values.shippingAddress);
      order.billingAddress = storeAddress(tx, order.billingAddress, values.billingAddress);
      await reprocessCheckout(tx, order, true);
    });
  }

  /** The methods each shipment of a cart may use, with what each would charge. */
  async shippingMethods(id: number) {
    const em = this.em.fork();
    const order = await em.findOne(Order, id, { populate: ['shipments'], strategy: LoadStrategy.JOINED });
    if (order === null) throw resourceNotFound('order');
    if (order.state !== 'cart' || !canApplyCheckout(order.checkoutState, 'select_shipping')) throw badRequest(SHIPPING_METHODS_UNRESOLVABLE);
    if (order.shipments.length === 0) return [];
    try {
      const loaded = await loadOrderForProcessing(em, id);
      const choices = shippingChoices(loaded);
      const methods = choices.length === 0 ? [] : await em.find(ShippingMethod, { code: { $in: choices.map((choice) => choice.code) } });
      const byCode = new Map(methods.map((method) => [method.code, method]));
      const listed = choices.map((choice) => {
        const method = byCode.get(choice.code)!;
        return { id: method.id, code: method.code, name: method.name, ...(method.description !== null && { description: method.description }), price: shippingPrice(loaded, choice) };
      });
      return { shipments: order.shipments.getItems().map(() => ({ methods: listed })) };
    } catch (error) {
      if (error instanceof OrderProcessingError) throw badRequest(error.message);
      throw error;
    }
  }

  async selectShipping(id: number, body: unknown): Promise<void> {
    const submitted = bodyObject(body);
    await changeCheckout(this.em, id, ['shipments'], async (tx, order) => {
      const loaded = await loadOrderForProcessing(tx, id);
      const choices = shippingChoices(loaded).map((method) => method.code);
      const shipments = order.shipments.getItems();
      const chosen = validateMethodList(submitted, { list: 'shipments', entries: shipments.length, choices, blank: SELECT_SHIPPING_METHOD, partial: false });
      order.checkoutState = checkoutTransition(order, 'select_shipping');
      const codes = chosen.filter((code): code is string => code !== null);
      const methods = codes.length === 0 ? [] : await tx.find(ShippingMethod, { code: { $in: codes } });
      shipments.forEach((shipment, index) => {
        const method = methods.find((candidate) => candidate.code === chosen[index]);
        if (method !== undefined) shipment.method = method;
      });
      await reprocessCheckout(tx, order, true, loaded);
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

  async selectPayment(id: number, body: unknown, partial: boolean): Promise<void> {
    const submitted = bodyObject(body);
    await changeCheckout(this.em, id, ['payments'], async (tx, order) => {
      const methods = await channelPaymentMethods(tx, order.channel.id);
      const payments = order.payments.getItems().filter((payment) => isSelectablePayment(payment.state));
      const chosen = validateMethodList(submitted, { list: 'payments', entries: payments.length, choices: methods.map((method) => method.code), blank: SELECT_PAYMENT_METHOD, partial });
      order.checkoutState = checkoutTransition(order, 'select_payment');
      payments.forEach((payment, index) => {
        const method = methods.find((candidate) => candidate.code === chosen[index]);
        if (method !== undefined) payment.method = method;
      });
      await reprocessCheckout(tx, order, false);
    });
  }

  /**
   * Places the order through the one checkout completion (also behind `npm run cli -- order:complete`).
   * An invalid form on an unknown order is still a 404.
   */
  async complete(id: number, body: unknown): Promise<void> {
    const { notes, tree } = validateCompleteForm(bodyObject(body));
    try {
      throwIfTreeInvalid(tree);
    } catch (invalid) {
      if ((await this.em.fork().count(Order, { id })) === 0) throw resourceNotFound('order');
      throw invalid;
    }
    try {
      await this.completion.complete(id, { notes });
    } catch (error) {
      if (error instanceof CheckoutError) throw completionRefused(error, tree);
      if (error instanceof OrderProcessingError) throw badRequest(error.message);
      throw error;
    }
  }
}
