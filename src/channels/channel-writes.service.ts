import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { deleteUnlessReferenced, type DeletableTable } from '../common/deletion/delete-unless-referenced';
import { conflict, resourceNotFound } from '../common/errors/api-error';
import type { FormErrors } from '../common/forms/form-errors';
import { throwIfInvalid } from '../common/forms/form-validation.exception';
import type { UpdateMode } from '../common/forms/submitted-changes';
import { checkUnique, withUniqueValue, type UniqueField } from '../common/forms/unique-value';
import type { SubmittedForm } from '../common/forms/validate-form';
import { inWriteTransaction } from '../database/write-transaction';
import { EventOutbox } from '../events';
import { applyChannelForm } from './apply-channel-form';
import { lookUpChannelReferences } from './channel-references';
import { serializeChannelDetail } from './channel.serializer';
import { channelState } from './channel-state';
import { Channel } from './entities/channel.entity';
import { CODE_TAKEN, DEFAULT_LOCALE_DISABLED, LAST_ENABLED_CHANNEL, NO_ENABLED_CHANNEL } from './forms/channel-messages';
import type { ChannelForm } from './forms/channel.form';

const UNIQUE_CODE: UniqueField = { entity: Channel, property: 'code', constraint: 'channel_code_unique', message: CODE_TAKEN };

/**
 * Orders (carts too) are placed in a channel, variants are priced per channel (by its code), and
 * promotions, shipping and payment methods are offered in channels: their links to a channel would
 * go with it silently, so they keep it. Its locales and currencies are the channel's own and go with it.
 */
const CHANNELS: DeletableTable = {
  table: 'channel',
  resource: 'channel',
  references: [
    { table: 'orders', column: 'channel_id', by: 'id' },
    { table: 'channel_pricing', column: 'channel_code', by: 'code' },
    { table: 'promotion_channel', column: 'channel_id', by: 'id' },
    { table: 'shipping_method_channel', column: 'channel_id', by: 'id' },
    { table: 'payment_method_channel', column: 'channel_id', by: 'id' },
  ],
};

interface LockedChannel {
  id: number;
  code: string;
  enabled: boolean;
}

/**
 * Locks every channel FOR NO KEY UPDATE in id order and reads them under the lock. Writes that could
 * leave no channel enabled (a change or a delete) count the enabled ones under it, so two of them
 * disabling the last two channels at once run one after the other and the second sees the first.
 * NO KEY UPDATE leaves new carts and prices free to refer to a channel meanwhile.
 */
async function lockChannels(tx: EntityManager): Promise<LockedChannel[]> {
  return tx.execute<LockedChannel[]>(`select id, code, enabled from channel order by id for no key update`);
}

/** The default locale must be one of the channel's locales (checked when either is given). */
function checkDefaultLocale(errors: FormErrors, channel: Pick<Channel, 'defaultLocale' | 'locales'>): void {
  if (errors.has('defaultLocale') || errors.has('locales') || channel.defaultLocale === undefined) return;
  if (!channel.locales.getItems().some((locale) => locale.id === channel.defaultLocale.id)) errors.add('defaultLocale', DEFAULT_LOCALE_DISABLED);
}

/**
 * Creates, changes and deletes channels, each in one transaction with its event. Channels are part of
 * the shop configuration the pricing cache holds: a trigger moves its version in the same transaction
 * as every insert, update and delete of the table (see src/orders/pricing/shop-configuration-cache.ts);
 * a cart's own channel (tax strategy, default tax zone) is read with the cart.
 */
@Injectable()
export class ChannelWritesService {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: EventOutbox,
  ) {}

  async create(form: SubmittedForm<ChannelForm>) {
    return withUniqueValue(form.errors, UNIQUE_CODE, () =>
      inWriteTransaction(this.em, async (tx) => {
        await checkUnique(tx, form.errors, UNIQUE_CODE, form.data.code);
        const references = await lookUpChannelReferences(tx, form, 'create');
        const channel = new Channel();
        applyChannelForm(channel, form, references, 'create');
        if (!form.errors.has('enabled') && !channel.enabled && (await tx.count(Channel, { enabled: true })) === 0) form.errors.add('enabled', NO_ENABLED_CHANNEL);
        checkDefaultLocale(form.errors, channel);
        throwIfInvalid(form.errors);
        channel.code = form.data.code!;
        channel.baseCurrency = references.baseCurrency!;
        tx.persist(channel);
        await tx.flush();
        const data = serializeChannelDetail(channel);
        await this.outbox.record(tx, { type: 'channel.created', data });
        return data;
      }),
    );
  }

  /** PUT (`replace`) or PATCH (`merge`); code and base currency never change. An unknown code is a 404 before the form's violations. */
  async update(code: string, form: SubmittedForm<ChannelForm>, mode: UpdateMode): Promise<void> {
    await inWriteTransaction(this.em, async (tx) => {
      const locked = await lockChannels(tx);
      const row = locked.find((candidate) => candidate.code === code);
      if (row === undefined) throw resourceNotFound('channel');
      const channel = await tx.findOneOrFail(Channel, row.id, { populate: ['locales', 'currencies'] });
      const references = await lookUpChannelReferences(tx, form, mode);
      const before = channelState(channel);
      applyChannelForm(channel, form, references, mode);
      const othersEnabled = locked.some((candidate) => candidate.enabled && candidate.id !== row.id);
      if (!form.errors.has('enabled') && row.enabled && !channel.enabled && !othersEnabled) form.errors.add('enabled', NO_ENABLED_CHANNEL);
      if (form.sent.has('locales') || form.sent.has('defaultLocale')) checkDefaultLocale(form.errors, channel);
      throwIfInvalid(form.errors);
      if (channelState(channel) === before) return;
      // Locales, currencies and the other unexposed fields change the channel too.
      channel.updatedAt = new Date();
      await tx.flush();
      await this.outbox.record(tx, { type: 'channel.updated', data: serializeChannelDetail(channel) });
    });
  }

  /** A channel still referred to, or the last enabled one, is kept (409) and nothing is written. */
  async delete(code: string): Promise<void> {
    await inWriteTransaction(this.em, async (tx) => {
      const locked = await lockChannels(tx);
      const row = locked.find((candidate) => candidate.code === code);
      if (row === undefined) throw resourceNotFound('channel');
      if (row.enabled && !locked.some((candidate) => candidate.enabled && candidate.id !== row.id)) throw conflict(LAST_ENABLED_CHANNEL);
      await deleteUnlessReferenced(tx, CHANNELS, code);
      await this.outbox.record(tx, { type: 'channel.deleted', data: { id: row.id, code: row.code } });
    });
  }
}
