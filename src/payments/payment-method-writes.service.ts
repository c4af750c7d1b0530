import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { Channel } from '../channels/entities/channel.entity';
import { deleteUnlessReferenced, type DeletableTable } from '../common/deletion/delete-unless-referenced';
import { resourceNotFound } from '../common/errors/api-error';
import { referencedListByCode } from '../common/forms/code-reference';
import { throwIfInvalid } from '../common/forms/form-validation.exception';
import { readKeyedForms } from '../common/forms/keyed-forms';
import type { UpdateMode } from '../common/forms/submitted-changes';
import { checkUnique, withUniqueValue, type UniqueField } from '../common/forms/unique-value';
import { isPlainObject, type SubmittedForm } from '../common/forms/validate-form';
import { inWriteTransaction } from '../database/write-transaction';
import { PaymentMethodTranslation } from './entities/payment-method-translation.entity';
import { PaymentMethod } from './entities/payment-method.entity';
import { CODE_TAKEN, NAME_BLANK } from './forms/payment-method-messages';
import type { PaymentMethodForm, PaymentMethodTranslationForm } from './forms/payment-method.form';

const UNIQUE_CODE: UniqueField = { entity: PaymentMethod, property: 'code', constraint: 'payment_method_code_unique', message: CODE_TAKEN };

/** Payments name their method: a method that ever took a payment stays (disable it instead). */
const PAYMENT_METHODS: DeletableTable = {
  table: 'payment_method',
  resource: 'payment method',
  references: [{ table: 'payment', column: 'method_id', by: 'id' }],
};

/** The shop's locale codes, in the order they were created: the keys `translations` takes. */
async function localeCodes(tx: EntityManager): Promise<string[]> {
  const rows = await tx.execute<Array<{ code: string }>>('select code from locale order by id');
  return rows.map((row) => row.code);
}

/** The end of the list: one past the highest position there is. */
async function nextPosition(tx: EntityManager): Promise<number> {
  const [row] = await tx.execute<Array<{ next: number }>>('select coalesce(max(position) + 1, 0)::int as next from payment_method');
  return row.next;
}

/**
 * Creates, changes and deletes payment methods with their translations and channels, each in one
 * transaction. Payment methods and their channels are part of the shop configuration the pricing cache
 * holds: triggers move its version in the same transaction as every change of either table.
 */
@Injectable()
export class PaymentMethodWritesService {
  constructor(private readonly em: EntityManager) {}

  /** POST: the new method's code (its body is read after the commit). */
  async create(form: SubmittedForm<PaymentMethodForm>): Promise<string> {
    const data = form.data;
    return withUniqueValue(form.errors, UNIQUE_CODE, () =>
      inWriteTransaction(this.em, async (tx) => {
        await checkUnique(tx, form.errors, UNIQUE_CODE, data.code);
        const translations = readKeyedForms<PaymentMethodTranslationForm>(form.errors, 'translations', data.translations, await localeCodes(tx));
        const channels = await referencedListByCode(tx, form.errors, 'channels', Channel, data.channels);
        throwIfInvalid(form.errors);
        const method = tx.create(PaymentMethod, {
          code: data.code!,
          position: data.position ?? (await nextPosition(tx)),
          enabled: data.enabled ?? false,
        });
        method.channels.set(channels!);
        for (const [locale, entry] of translations!) {
          tx.create(PaymentMethodTranslation, {
            method,
            locale,
            name: entry.data.name!,
            description: entry.data.description ?? null,
            instructions: entry.data.instructions ?? null,
          });
        }
        await tx.flush();
        return method.code;
      }),
    );
  }

  /**
   * PUT (`replace`) or PATCH (`merge`); the code never changes. A translation sent changes (PATCH: the
   * fields sent) or is added; one sent as `null` is removed; on PUT one left out must be sent again (its
   * name is blank). PUT sets `channels` (left out: none) and `enabled` (left out: false); a left-out
   * `position` stays as it is.
   */
  async update(code: string, form: SubmittedForm<PaymentMethodForm>, mode: UpdateMode): Promise<void> {
    const data = form.data;
    await inWriteTransaction(this.em, async (tx) => {
      const method = await tx.findOne(PaymentMethod, { code }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (method === null) throw resourceNotFound('payment method');
      const existing = await tx.find(PaymentMethodTranslation, { method }, { orderBy: { id: 'asc' } });
      const locales = await localeCodes(tx);
      const sent = this.translationsAsSent(data.translations, existing, locales, mode);
      const options = mode === 'merge' ? { partial: true, validateNulls: true } : {};
      const translations = readKeyedForms<PaymentMethodTranslationForm>(form.errors, 'translations', sent, locales, options);
      const byLocale = new Map(existing.map((translation) => [translation.locale, translation]));
      // A translation added by a PATCH needs its name all the same.
      for (const [locale, entry] of translations ?? []) {
        if (!byLocale.has(locale) && entry.data.name === undefined && !entry.errors.has('name')) entry.errors.add('name', NAME_BLANK);
      }
      const channelsSent = mode === 'replace' || form.sent.has('channels');
      const channels = channelsSent ? await referencedListByCode(tx, form.errors, 'channels', Channel, data.channels) : null;
      throwIfInvalid(form.errors);
      if (data.position != null) method.position = data.position;
      if (data.enabled !== undefined) method.enabled = data.enabled;
      else if (mode === 'replace') method.enabled = false;
      if (channels !== null) {
        // Loaded first: setting an unloaded collection would not remove the channels it had.
        await method.channels.init();
        method.channels.set(channels);
      }
      if (isPlainObject(sent)) {
        for (const [locale, value] of Object.entries(sent)) if (value === null && byLocale.has(locale)) tx.remove(byLocale.get(locale)!);
      }
      for (const [locale, entry] of translations!) {
        const translation = byLocale.get(locale);
        if (translation === undefined) {
          tx.create(PaymentMethodTranslation, { method, locale, name: entry.data.name!, description: entry.data.description ?? null, instructions: entry.data.instructions ?? null });
          continue;
        }
        if (entry.data.name != null) translation.name = entry.data.name;
        if (entry.data.description !== undefined || mode === 'replace') translation.description = entry.data.description ?? null;
        if (entry.data.instructions !== undefined || mode === 'replace') translation.instructions = entry.data.instructions ?? null;
      }
      // The change of a translation alone is a change of the method.
      method.updatedAt = new Date();
      await tx.flush();
    });
  }

  /** On PUT, each existing translation (in a locale the shop still has) left out of a map of translations counts as sent empty. */
  private translationsAsSent(value: unknown, existing: readonly PaymentMethodTranslation[], locales: readonly string[], mode: UpdateMode): unknown {
    if (mode === 'merge') return value;
    const map = value === undefined || value === null || (Array.isArray(value) && value.length === 0) ? {} : value;
    if (!isPlainObject(map)) return value;
    const withExisting: Record<string, unknown> = { ...map };
    for (const translation of existing) {
      if (locales.includes(translation.locale) && !Object.prototype.hasOwnProperty.call(map, translation.locale)) withExisting[translation.locale] = {};
    }
    return withExisting;
  }

  async delete(code: string): Promise<void> {
    await inWriteTransaction(this.em, (tx) => deleteUnlessReferenced(tx, PAYMENT_METHODS, code));
  }
}
