import { ForeignKeyConstraintViolationException, LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { conflict, resourceNotFound } from '../../common/errors/api-error';
import { throwIfInvalid } from '../../common/forms/form-validation.exception';
import { NOT_VALID } from '../../common/forms/messages';
import { submittedChanges, type UpdateMode } from '../../common/forms/submitted-changes';
import { checkUnique, type UniqueField } from '../../common/forms/unique-value';
import type { SubmittedForm } from '../../common/forms/validate-form';
import { Channel } from '../../channels/entities/channel.entity';
import { inWriteTransaction } from '../../database/write-transaction';
import { EventOutbox } from '../../events';
import { ProductOption } from '../entities/product-option.entity';
import { ProductTranslation } from '../entities/product-translation.entity';
import { ProductVariant } from '../entities/product-variant.entity';
import { Product } from '../entities/product.entity';
import { Taxon } from '../entities/taxon.entity';
import { applyAssociations, checkedAssociations, removeFromAssociations } from '../associations/product-associations';
import { CODE_TAKEN, PRODUCT_IN_ORDERS, VARIANT_PRICES_FIRST } from '../forms/product-messages';
import { productTaxonCodes, type ProductForm } from '../forms/product.form';
import { findProduct } from '../queries/product.read-model';
import { serializeProduct } from '../serializers/product.serializer';
import { localeCodes } from '../translations/locale-codes';
import { idsOf, lockedIdsByCode, replaceItems } from './product-references';
import { checkSlugs, checkTranslationPresence, readTranslations, type SentTranslations, TRANSLATION_OPTIONS } from '../translations/slugged-translations';
import type { ProductTranslationForm } from '../forms/product-translation.form';
import { applyProductTranslations, PRODUCT_TRANSLATIONS } from './product-translations';
import { applyAttributeValues, checkedAttributeValues } from './product-attribute-values';
import { applySimpleVariant, checkSimpleProductVariant, checkSimpleVariantVersion } from '../variants/simple-product-variant';
import { variantBody } from '../variants/variant-writes.service';

/** A product as GET /products/{code} shows it (and its events carry it). */
type ShownProduct = ReturnType<typeof serializeProduct>;

const UNIQUE_CODE: UniqueField = { entity: Product, property: 'code', constraint: 'product_code_unique', message: CODE_TAKEN };
const UNIQUE_SLUG = 'product_translation_locale_slug_unique';


/** The fields of a valid form that a write sets, references as ids; a field left out keeps its value. */
interface ProductChanges {
  enabled?: boolean;
  channels?: number[];
  /** The codes of `channels`. */
  channelCodes?: string[];
  mainTaxon?: number | null;
  taxons?: number[];
  options?: number[];
}

/** What POST and PUT set a field left out to. */
const CLEARED = { enabled: false, channels: [] as string[], mainTaxon: null, productTaxons: null, options: [] as string[] };

/**
 * The changes a form asks for (POST and PUT: every field, PATCH: those sent), with the channels, taxons and
 * options it names looked up (and locked, see lockedIdsByCode); a code that names nothing makes its field
 * "This value is not valid.". `options` is left alone once the product has variants.
 */
async function checkedChanges(tx: EntityManager, form: SubmittedForm<ProductForm>, mode: UpdateMode, hasVariants: boolean): Promise<ProductChanges> {
  const { errors } = form;
  const fields = submittedChanges(form.data, CLEARED, mode);
  const changes: ProductChanges = {};
  if (fields.enabled !== undefined) changes.enabled = fields.enabled;

  if (fields.channels !== undefined && !errors.has('channels')) {
    const ids = idsOf(fields.channels, await lockedIdsByCode(tx, 'channel', fields.channels));
    if (ids === null) errors.add('channels', NOT_VALID);
    else {
      changes.channels = ids;
      changes.channelCodes = fields.channels;
    }
  }

  const mainTaxon = errors.has('mainTaxon') ? undefined : fields.mainTaxon;
  const taxonCodes = errors.has('productTaxons') || fields.productTaxons === undefined ? undefined : productTaxonCodes(fields.productTaxons);
  const taxons = await lockedIdsByCode(tx, 'taxon', [...(mainTaxon == null ? [] : [mainTaxon]), ...(taxonCodes ?? [])]);
  if (mainTaxon !== undefined) {
    const id = mainTaxon === null ? null : taxons.get(mainTaxon);
    if (id === undefined) errors.add('mainTaxon', NOT_VALID);
    else changes.mainTaxon = id;
  }
  if (taxonCodes !== undefined) {
    const ids = idsOf(taxonCodes, taxons);
    if (ids === null) errors.add('productTaxons', NOT_VALID);
    else changes.taxons = ids;
  }

  if (!hasVariants && fields.options !== undefined && !errors.has('options')) {
    const ids = idsOf(fields.options, await lockedIdsByCode(tx, 'product_option', fields.options));
    if (ids === null) errors.add('options', NOT_VALID);
    else changes.options = ids;
  }
  return changes;
}

/** Sets the checked changes on the product. */
async function applyChanges(tx: EntityManager, product: Product, changes: ProductChanges): Promise<void> {
  if (changes.enabled !== undefined) product.enabled = changes.enabled;
  if (changes.mainTaxon !== undefined) product.mainTaxon = changes.mainTaxon === null ? null : tx.getReference(Taxon, changes.mainTaxon);
  if (changes.channels !== undefined) await replaceItems(product.channels, changes.channels, (id) => tx.getReference(Channel, id), (channel) => channel.id);
  if (changes.taxons !== undefined) await replaceItems(product.taxons, changes.taxons, (id) => tx.getReference(Taxon, id), (taxon) => taxon.id);
  if (changes.options !== undefined) await replaceItems(product.options, changes.options, (id) => tx.getReference(ProductOption, id), (option) => option.id);
}

/** The product as GET shows it, read in the write's transaction. */
async function shownProduct(tx: EntityManager, code: string): Promise<ShownProduct> {
  const row = await findProduct(tx, code);
  if (row === null) throw new Error(`The product ${code} just written cannot be read`);
  return serializeProduct(row);
}

const withoutUpdatedAt = (product: ShownProduct) => JSON.stringify({ ...product, updatedAt: null });

/**
 * Whether, among the channels given (ids, as a JSON array), one the product is not in yet lacks the price
 * of one of its variants. Channels already assigned are not judged again.
 */
const NEW_CHANNEL_UNPRICED = `
  select exists (
    select 1 from channel c join product_variant v on v.product_id = ?
     where c.id in (select value::int from json_array_elements_text(?::json))
       and not exists (select 1 from product_channel pc where pc.product_id = v.product_id and pc.channel_id = c.id)
       and not exists (select 1 from channel_pricing cp where cp.variant_id = v.id and cp.channel_code = c.code)) as unpriced`;

/**
 * A channel newly assigned to a product needs a price of every variant of the product there. Runs under
 * the product's lock, which variant writes (the only writes that add or remove prices through the API)
 * also take first, so no price removal can slip in between this check and the commit.
 */
async function checkNewChannelsPriced(tx: EntityManager, form: SubmittedForm<ProductForm>, productId: number, channels: readonly number[] | undefined): Promise<void> {
  if (channels === undefined || channels.length === 0) return;
  const [{ unpriced }] = await tx.execute<Array<{ unpriced: boolean }>>(NEW_CHANNEL_UNPRICED, [productId, JSON.stringify(channels)]);
  if (unpriced) form.errors.addRoot(VARIANT_PRICES_FIRST);
}

/** A product with a variant in any order line (a cart's or a placed order's). */
const IN_ORDERS = `select exists (select 1 from order_item oi join product_variant v on v.id = oi.variant_id where v.product_id = ?) as used`;

/**
 * Creates, changes and deletes products, each in one transaction that also records its event
 * (`product.created`, `product.updated`, `product.deleted`). The form's `translations` has one child per
 * locale of the shop: the service reads it, in the write's transaction.
 */
@Injectable()
export class ProductWritesService {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: EventOutbox,
  ) {}

  /** The translations sent, read against the shop's locales into the form's violations. */
  private async translations(tx: EntityManager, form: SubmittedForm<ProductForm>, mode: 'create' | UpdateMode) {
    const locales = await localeCodes(tx);
    return { locales, sent: readTranslations<ProductTranslationForm>(form.errors, form.data.translations, locales, TRANSLATION_OPTIONS[mode]) };
  }

  /**
   * Runs a write; when a concurrent request stored the same code or slug first, the unique index refuses
   * it and the client gets the same 400 as when the value was there before the request.
   */
  private async withUniqueTexts<T>(form: SubmittedForm<ProductForm>, sent: () => SentTranslations<ProductTranslationForm>, productCode: string | null, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) {
        const constraint = (error as { constraint?: string }).constraint;
        if (constraint === UNIQUE_CODE.constraint) {
          form.errors.add('code', CODE_TAKEN);
          throwIfInvalid(form.errors);
        }
        if (constraint === UNIQUE_SLUG) {
          const em = this.em.fork();
          const productId = productCode === null ? null : ((await em.findOne(Product, { code: productCode }))?.id ?? null);
          if (await checkSlugs(em, form.errors, sent(), productId, PRODUCT_TRANSLATIONS)) throwIfInvalid(form.errors);
        }
      }
      throw error;
    }
  }

  async create(form: SubmittedForm<ProductForm>): Promise<ShownProduct> {
    let sent: SentTranslations<ProductTranslationForm> = new Map();
    return this.withUniqueTexts(form, () => sent, null, () =>
      inWriteTransaction(this.em, async (tx) => {
        form.errors.include('options');
        await checkUnique(tx, form.errors, UNIQUE_CODE, form.data.code);
        const { locales, sent: read } = await this.translations(tx, form, 'create');
        sent = read;
        checkTranslationPresence(form.errors, sent, [], locales, 'replace', PRODUCT_TRANSLATIONS);
        const changes = await checkedChanges(tx, form, 'replace', false);
        const associations = await checkedAssociations(tx, form, 'create', form.data.code ?? null);
        const attributeValues = await checkedAttributeValues(tx, form, 'replace', locales);
        await checkSlugs(tx, form.errors, sent, null, PRODUCT_TRANSLATIONS);
        throwIfInvalid(form.errors);
        const product = tx.create(Product, { code: form.data.code!, enabled: changes.enabled ?? false });
        await applyChanges(tx, product, changes);
        applyProductTranslations(tx, product, [], sent, 'replace');
        await applyAttributeValues(tx, product, attributeValues ?? [], true);
        if (associations !== undefined) await applyAssociations(tx, product, associations, true);
        await tx.flush();
        const created = await shownProduct(tx, product.code);
        await this.outbox.record(tx, { type: 'product.created', data: created });
        return created;
      }),
    );
  }

  /**
   * PUT (`replace`) or PATCH (`merge`); the code never changes. An unknown code is a 404 before the form's
   * violations. A write that changes nothing records no event; one that changes only translations,
   * attribute values, channels, taxons, options or associations still moves `updatedAt`. A simple
   * product (one variant, no options) takes `variant` instead of `options`: its variant changed in the
   * same transaction, with `product_variant.updated` recorded before the `product.updated`.
   */
  async update(code: string, form: SubmittedForm<ProductForm>, mode: UpdateMode): Promise<void> {
    let sent: SentTranslations<ProductTranslationForm> = new Map();
    await this.withUniqueTexts(form, () => sent, code, () =>
      inWriteTransaction(this.em, async (tx) => {
        const product = await tx.findOne(Product, { code }, { lockMode: LockMode.PESSIMISTIC_WRITE });
        if (product === null) throw resourceNotFound('product');
        // Under the product's lock no variant is created or deleted, and options change only by product writes.
        const variantCount = await tx.count(ProductVariant, { product });
        const simple = variantCount === 1 && (await product.options.loadCount()) === 0;
        form.errors.include(simple ? 'variant' : 'options');
        const { locales, sent: read } = await this.translations(tx, form, mode);
        sent = read;
        const before = await shownProduct(tx, code);
        const translations = await tx.find(ProductTranslation, { product }, { orderBy: { id: 'asc' } });
        if (mode === 'replace' || form.sent.has('translations')) {
          checkTranslationPresence(form.errors, sent, translations.map((translation) => translation.locale), locales, mode, PRODUCT_TRANSLATIONS);
        }
        const hasVariants = variantCount > 0;
        const changes = await checkedChanges(tx, form, mode, hasVariants);
        const associations = await checkedAssociations(tx, form, mode, code);
        const attributeValues = await checkedAttributeValues(tx, form, mode, locales);
        // The variant comes after the key-share locks above (level 5 after the products); its prices are
        // judged against the channels the product has after this write, which covers the new ones.
        const variantWrite = simple ? await checkSimpleProductVariant(tx, form.errors, form.data.variant, mode, product, changes.channelCodes) : undefined;
        if (hasVariants && variantWrite === undefined) await checkNewChannelsPriced(tx, form, product.id, changes.channels);
        await checkSlugs(tx, form.errors, sent, product.id, PRODUCT_TRANSLATIONS);
        throwIfInvalid(form.errors);
        if (variantWrite !== undefined) checkSimpleVariantVersion(form.errors, variantWrite);
        const stamp = product.updatedAt.getTime();
        await applyChanges(tx, product, changes);
        applyProductTranslations(tx, product, translations, sent, mode);
        if (attributeValues !== undefined) await applyAttributeValues(tx, product, attributeValues, false);
        if (associations !== undefined) await applyAssociations(tx, product, associations, false);
        const variantChanged = variantWrite !== undefined && applySimpleVariant(tx, variantWrite);
        await tx.flush();
        if (variantChanged) await this.outbox.record(tx, { type: 'product_variant.updated', data: await variantBody(tx, code, variantWrite.variant.code) });
        let updated = await shownProduct(tx, code);
        if (withoutUpdatedAt(updated) === withoutUpdatedAt(before)) return;
        if (product.updatedAt.getTime() === stamp) {
          product.updatedAt = new Date();
          await tx.flush();
          updated = await shownProduct(tx, code);
        }
        await this.outbox.record(tx, { type: 'product.updated', data: updated });
      }),
    );
  }

  /**
   * Deletes the product with its variants, their prices and translations, its own translations, its
   * attribute values, its links to options, taxons and channels, and its associations; a product with a
   * variant in a cart or an order is kept (409). The product is locked FOR UPDATE first, then the products
   * whose associations name it (in id order; they lose it, each with a `product.updated` after the
   * `product.deleted`), then its variants: a new cart line takes a key-share lock on its variant, so the
   * check below stays true until the delete.
   */
  async delete(code: string): Promise<void> {
    await inWriteTransaction(this.em, async (tx) => {
      const [row] = await tx.execute<Array<{ id: number; code: string }>>(`select id, code from product where code = ? for update`, [code]);
      if (row === undefined) throw resourceNotFound('product');
      // The owners are products: locked before the variants (a later level); a 409 below rolls this back.
      const owners = await removeFromAssociations(tx, row.id);
      await tx.execute(`select id from product_variant where product_id = ? order by id for update`, [row.id]);
      const [{ used }] = await tx.execute<Array<{ used: boolean }>>(IN_ORDERS, [row.id]);
      if (used) throw conflict(PRODUCT_IN_ORDERS);
      try {
        await tx.execute(`delete from product where id = ?`, [row.id]);
      } catch (error) {
        if (error instanceof ForeignKeyConstraintViolationException) throw conflict(PRODUCT_IN_ORDERS);
        throw error;
      }
      await this.outbox.record(tx, { type: 'product.deleted', data: { id: row.id, code: row.code } });
      for (const owner of owners) await this.outbox.record(tx, { type: 'product.updated', data: await shownProduct(tx, owner.code) });
    });
  }
}
