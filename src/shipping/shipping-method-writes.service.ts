import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { Zone } from '../addressing/entities/zone.entity';
import { Channel } from '../channels/entities/channel.entity';
import { deleteUnlessReferenced, type DeletableTable } from '../common/deletion/delete-unless-referenced';
import { resourceNotFound } from '../common/errors/api-error';
import { referencedByCode, referencedListByCode } from '../common/forms/code-reference';
import { throwIfInvalid } from '../common/forms/form-validation.exception';
import { readKeyedForms } from '../common/forms/keyed-forms';
import type { UpdateMode } from '../common/forms/submitted-changes';
import { checkUnique, withUniqueValue, type UniqueField } from '../common/forms/unique-value';
import { isPlainObject, type SubmittedForm } from '../common/forms/validate-form';
import { inWriteTransaction } from '../database/write-transaction';
import { TaxCategory } from '../taxation/entities/tax-category.entity';
import { ShippingCategory } from './entities/shipping-category.entity';
import { ShippingMethod } from './entities/shipping-method.entity';
import { CODE_TAKEN } from './forms/shipping-method-messages';
import type { ShippingAmountForm, ShippingMethodForm } from './forms/shipping-method.form';

const UNIQUE_CODE: UniqueField = { entity: ShippingMethod, property: 'code', constraint: 'shipping_method_code_unique', message: CODE_TAKEN };

/** Shipments name their method: a method that ever shipped stays (disable it instead). */
const SHIPPING_METHODS: DeletableTable = {
  table: 'shipping_method',
  resource: 'shipping method',
  references: [{ table: 'shipment', column: 'method_id', by: 'id' }],
};

/** Zones a shipping method may ship to. */
const SHIPPING_ZONES = { scope: { $in: ['shipping', 'all'] } } as const;

type Configuration = ShippingMethod['configuration'];

/** The shop's channel codes, in the order they were created: the keys `configuration` takes. */
async function channelCodes(tx: EntityManager): Promise<string[]> {
  const rows = await tx.execute<Array<{ code: string }>>('select code from channel order by id');
  return rows.map((row) => row.code);
}

async function nextPosition(tx: EntityManager): Promise<number> {
  const [row] = await tx.execute<Array<{ next: number }>>('select coalesce(max(position) + 1, 0)::int as next from shipping_method');
  return row.next;
}

/** Major units (12.5) to minor units (1250). */
const minorUnits = (amount: number): number => Math.round(amount * 100);

/**
 * Creates, changes and deletes shipping methods, each in one transaction. Shipping methods and their
 * channels are part of the shop configuration the pricing cache holds: triggers move its version in the
 * same transaction as every change of either table, so the next cart processed on any instance uses the
 * change; carts keep their totals until they next change.
 */
@Injectable()
export class ShippingMethodWritesService {
  constructor(private readonly em: EntityManager) {}

  async create(form: SubmittedForm<ShippingMethodForm>): Promise<ShippingMethod> {
    const data = form.data;
    return withUniqueValue(form.errors, UNIQUE_CODE, () =>
      inWriteTransaction(this.em, async (tx) => {
        await checkUnique(tx, form.errors, UNIQUE_CODE, data.code);
        const references = await this.references(tx, form, 'replace');
        const channels = await referencedListByCode(tx, form.errors, 'channels', Channel, data.channels);
        const configuration = this.configuration(form, data.configuration, await channelCodes(tx), (channels ?? []).map((channel) => channel.code), {});
        throwIfInvalid(form.errors);
        const method = tx.create(ShippingMethod, {
          code: data.code!,
          name: data.name!,
          description: data.description ?? null,
          zone: references.zone!,
          calculator: data.calculator!,
          configuration: configuration!,
          taxCategory: references.taxCategory ?? null,
          category: references.category ?? null,
          categoryRequirement: data.categoryRequirement ?? 1,
          position: data.position ?? (await nextPosition(tx)),
          enabled: data.enabled ?? false,
        });
        method.channels.set(channels!);
        await tx.flush();
        return method;
      }),
    );
  }

  /**
   * PUT (`replace`) or PATCH (`merge`); the code never changes. PUT sets every field (left out: none,
   * false, requirement 1, the configuration sent only) but the position, which stays unless sent. PATCH
   * changes the fields sent; its configuration entries replace those of their channels (`null` removes
   * one). Either way every channel of the method needs an amount.
   */
  async update(code: string, form: SubmittedForm<ShippingMethodForm>, mode: UpdateMode): Promise<void> {
    const data = form.data;
    await inWriteTransaction(this.em, async (tx) => {
      const method = await tx.findOne(ShippingMethod, { code }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (method === null) throw resourceNotFound('shipping method');
      const references = await this.references(tx, form, mode);
      const channelsSent = mode === 'replace' || form.sent.has('channels');
      const channels = channelsSent ? await referencedListByCode(tx, form.errors, 'channels', Channel, data.channels) : null;
      await method.channels.init();
      const channelsAfter = (channels ?? method.channels.getItems()).map((channel) => channel.code);
      const kept = mode === 'merge' ? method.configuration : {};
      const configuration = this.configuration(form, data.configuration, await channelCodes(tx), channelsAfter, kept);
      throwIfInvalid(form.errors);
      const sent = (field: keyof ShippingMethodForm) => mode === 'replace' || form.sent.has(field);
      if (data.name != null) method.name = data.name;
      if (sent('description')) method.description = data.description ?? null;
      if (data.position != null) method.position = data.position;
      if (references.zone != null) method.zone = references.zone;
      if (references.category !== undefined) method.category = references.category;
      if (references.taxCategory !== undefined) method.taxCategory = references.taxCategory;
      if (sent('categoryRequirement')) method.categoryRequirement = data.categoryRequirement ?? 1;
      if (data.calculator != null) method.calculator = data.calculator;
      if (sent('enabled')) method.enabled = data.enabled ?? false;
      if (channels !== null) method.channels.set(channels);
      if (configuration !== null) method.configuration = configuration;
      await tx.flush();
    });
  }

  async delete(code: string): Promise<void> {
    await inWriteTransaction(this.em, (tx) => deleteUnlessReferenced(tx, SHIPPING_METHODS, code));
  }

  /**
   * The zone, shipping category and tax category the form names (undefined: not to change; null: none).
   * On PUT a left-out category is none; the zone is required by the form's own rules.
   */
  private async references(tx: EntityManager, form: SubmittedForm<ShippingMethodForm>, mode: UpdateMode) {
    const data = form.data;
    const sent = (field: keyof ShippingMethodForm) => mode === 'replace' || form.sent.has(field);
    const optional = async <E extends object>(field: 'category' | 'taxCategory', entity: new () => E): Promise<E | null | undefined> => {
      if (!sent(field)) return undefined;
      const value = data[field];
      return value == null ? null : referencedByCode<E>(tx, form.errors, field, entity, value);
    };
    return {
      zone: data.zone == null ? undefined : await referencedByCode(tx, form.errors, 'zone', Zone, data.zone, SHIPPING_ZONES),
      category: await optional('category', ShippingCategory),
      taxCategory: await optional('taxCategory', TaxCategory),
    };
  }

  /**
   * The configuration after the form: `kept` (PATCH: the method's) with the entries sent, in minor
   * units; null when it is not valid. Every channel of `required` must end with an amount.
   */
  private configuration(form: SubmittedForm<ShippingMethodForm>, value: unknown, keys: readonly string[], channels: readonly string[], kept: Configuration): Configuration | null {
    const removed = new Set(isPlainObject(value) ? Object.keys(value).filter((key) => value[key] === null) : []);
    const required = channels.filter((channel) => removed.has(channel) || kept[channel] === undefined);
    const entries = readKeyedForms<ShippingAmountForm>(form.errors, 'configuration', value, keys, {}, required);
    if (entries === null) return null;
    const result: Configuration = {};
    for (const [channel, entry] of Object.entries(kept)) if (!removed.has(channel)) result[channel] = entry;
    for (const [channel, entry] of entries) if (entry.data.amount != null) result[channel] = { amount: minorUnits(entry.data.amount) };
    return result;
  }
}
