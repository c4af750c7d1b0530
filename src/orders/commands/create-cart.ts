import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Channel } from '../../channels/entities/channel.entity';
import { Locale } from '../../channels/entities/locale.entity';
import { throwIfInvalid } from '../../common/forms/form-validation.exception';
import { NOT_VALID } from '../../common/forms/messages';
import type { SubmittedForm } from '../../common/forms/validate-form';
import { canonicalEmail } from '../../customers/canonical-email';
import { Customer } from '../../customers/entities/customer.entity';
import { Order } from '../domain/order.entity';
import type { CreateCartForm } from '../http/forms/cart.forms';
import { serializeCart } from '../serializers/cart.serializer';
import { inOrderTransaction, saveNewCart, type OrderCommandContext } from '../write-path/write-path';

/**
 * The customer and the channel the form names, checked against the database; violations join the
 * form's. The customer row is share-locked until the cart is stored: a concurrent delete of that
 * customer either commits first (the customer is then not found: 400) or waits for this cart (and
 * removes it with them). With a usable channel the locale must be one of its locales; otherwise it
 * must at least exist.
 */
async function checkCartForm(tx: EntityManager, form: SubmittedForm<CreateCartForm>): Promise<{ customer: Pick<Customer, 'id'>; channel: Channel }> {
  const { data, errors } = form;
  const customer = errors.has('customer')
    ? null
    : await tx.findOne(Customer, { emailCanonical: canonicalEmail(data.customer) }, { fields: ['id'], lockMode: LockMode.PESSIMISTIC_READ });
  const channel = errors.has('channel') ? null : await tx.findOne(Channel, { code: data.channel, enabled: true }, { populate: ['baseCurrency'] });
  if (!errors.has('customer') && customer === null) errors.add('customer', NOT_VALID);
  if (!errors.has('channel') && channel === null) errors.add('channel', NOT_VALID);
  if (!errors.has('localeCode')) {
    const known = channel !== null ? await tx.count(Channel, { id: channel.id, locales: { code: data.localeCode } }) : await tx.count(Locale, { code: data.localeCode });
    if (known === 0) errors.add('localeCode', NOT_VALID);
  }
  throwIfInvalid(errors);
  if (customer === null || channel === null) throw new Error('A valid cart form has no customer or channel');
  return { customer, channel };
}

/** A new, empty cart of the customer in the channel, in the channel's base currency; nothing is priced yet. */
export function createCart({ em, outbox }: OrderCommandContext, form: SubmittedForm<CreateCartForm>) {
  return inOrderTransaction(em, async (tx) => {
    const { customer, channel } = await checkCartForm(tx, form);
    const cart = tx.create(Order, { customer: customer.id, channel, currencyCode: channel.baseCurrency.code, localeCode: form.data.localeCode });
    return serializeCart(await saveNewCart(tx, cart, outbox), 'detailed');
  });
}
