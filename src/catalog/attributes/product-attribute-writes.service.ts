import { ForeignKeyConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { conflict } from '../../common/errors/api-error';
import { throwIfInvalid } from '../../common/forms/form-validation.exception';
import { readKeyedForms } from '../../common/forms/keyed-forms';
import type { UpdateMode } from '../../common/forms/submitted-changes';
import { checkUnique, withUniqueValue, type UniqueField } from '../../common/forms/unique-value';
import { isPlainObject, type SubmittedForm } from '../../common/forms/validate-form';
import { inWriteTransaction } from '../../database/write-transaction';
import { closeGap, itemsInOrder, lockList, placeAt, type OrderedList } from '../positions/ordered-list';
import { readConfiguration } from './attribute-configuration';
import { ATTRIBUTE_STORAGE, isAttributeType, type AttributeType } from './attribute-types';
import { productAttributeNotFound } from './product-attribute-not-found';
import { ProductAttributeTranslation } from './product-attribute-translation.entity';
import { ProductAttribute } from './product-attribute.entity';
import { ATTRIBUTE_IN_USE, CODE_TAKEN, NAME_BLANK } from './product-attribute-messages';
import type { ProductAttributeForm, ProductAttributeTranslationForm } from './product-attribute.form';

/** Whether a product has a value of the attribute. */
const IN_USE = 'select exists (select 1 from product_attribute_value where attribute_id = ?) as used';

const UNIQUE_CODE: UniqueField = { entity: ProductAttribute, property: 'code', constraint: 'product_attribute_code_unique', message: CODE_TAKEN };

/** Attributes form one ordered list: their positions are its indexes. */
const ATTRIBUTES: OrderedList<ProductAttribute> = { table: 'product_attribute', entity: ProductAttribute };

/** The shop's locale codes, in the order they were created: the keys `translations` takes. */
async function localeCodes(tx: EntityManager): Promise<string[]> {
  const rows = await tx.execute<Array<{ code: string }>>('select code from locale order by id');
  return rows.map((row) => row.code);
}

/** On PUT, each existing translation (in a locale the shop still has) left out of a map of translations counts as sent empty. */
function translationsAsSent(value: unknown, existing: readonly ProductAttributeTranslation[], locales: readonly string[], mode: UpdateMode): unknown {
  if (mode === 'merge') return value;
  const map = value === undefined || value === null || (Array.isArray(value) && value.length === 0) ? {} : value;
  if (!isPlainObject(map)) return value;
  const withExisting: Record<string, unknown> = { ...map };
  for (const translation of existing) {
    if (locales.includes(translation.locale) && !Object.prototype.hasOwnProperty.call(map, translation.locale)) withExisting[translation.locale] = {};
  }
  return withExisting;
}

/**
 * Creates, changes and deletes product attributes with their translations, each in one transaction.
 * Positions are indexes of one ordered list: a create or a move shifts the attributes after it, a delete
 * closes the gap (src/catalog/positions/ordered-list.ts).
 */
@Injectable()
export class ProductAttributeWritesService {
  constructor(private readonly em: EntityManager) {}

  /** POST `/product-attributes/{type}`: the new attribute's code (its body is read after the commit). */
  async create(type: AttributeType, form: SubmittedForm<ProductAttributeForm>): Promise<string> {
    const data = form.data;
    return withUniqueValue(form.errors, UNIQUE_CODE, () =>
      inWriteTransaction(this.em, async (tx) => {
        await checkUnique(tx, form.errors, UNIQUE_CODE, data.code);
        const locales = await localeCodes(tx);
        const translations = readKeyedForms<ProductAttributeTranslationForm>(form.errors, 'translations', data.translations, locales);
        const configuration = readConfiguration(form.errors, type, data.configuration, {}, locales, 'replace');
        throwIfInvalid(form.errors);
        await lockList(tx, ATTRIBUTES);
        const others = await itemsInOrder(tx, ATTRIBUTES);
        const attribute = tx.create(ProductAttribute, { code: data.code!, type, storageType: ATTRIBUTE_STORAGE[type], configuration: configuration! });
        placeAt(others, attribute, data.position ?? null);
        for (const [locale, entry] of translations!) tx.create(ProductAttributeTranslation, { attribute, locale, name: entry.data.name! });
        await tx.flush();
        return attribute.code;
      }),
    );
  }

  /**
   * PUT (`replace`) or PATCH (`merge`); the code and the type never change. A translation sent changes or
   * is added; one sent as `null` is removed; on PUT one left out must be sent again (its name is blank).
   * PUT sets the whole configuration (a setting left out is none), PATCH the settings sent; a left-out
   * `position` stays as it is.
   */
  async update(code: string, form: SubmittedForm<ProductAttributeForm>, mode: UpdateMode): Promise<void> {
    const data = form.data;
    await inWriteTransaction(this.em, async (tx) => {
      await lockList(tx, ATTRIBUTES);
      const attribute = await tx.findOne(ProductAttribute, { code });
      if (attribute === null) throw productAttributeNotFound();
      const type = attribute.type;
      if (!isAttributeType(type)) throw new Error(`The product attribute ${code} has an unknown type ${type}`);
      const existing = await tx.find(ProductAttributeTranslation, { attribute }, { orderBy: { id: 'asc' } });
      const locales = await localeCodes(tx);
      const sent = translationsAsSent(data.translations, existing, locales, mode);
      const options = mode === 'merge' ? { partial: true, validateNulls: true } : {};
      const translations = readKeyedForms<ProductAttributeTranslationForm>(form.errors, 'translations', sent, locales, options);
      const byLocale = new Map(existing.map((translation) => [translation.locale, translation]));
      // A translation added by a PATCH needs its name all the same.
      for (const [locale, entry] of translations ?? []) {
        if (!byLocale.has(locale) && entry.data.name === undefined && !entry.errors.has('name')) entry.errors.add('name', NAME_BLANK);
      }
      const configuration = readConfiguration(form.errors, type, data.configuration, attribute.configuration, locales, mode);
      throwIfInvalid(form.errors);

      if (data.position != null) {
        const others = (await itemsInOrder(tx, ATTRIBUTES)).filter((other) => other !== attribute);
        placeAt(others, attribute, data.position);
      }
      attribute.configuration = configuration!;
      if (isPlainObject(sent)) {
        for (const [locale, value] of Object.entries(sent)) if (value === null && byLocale.has(locale)) tx.remove(byLocale.get(locale)!);
      }
      for (const [locale, entry] of translations!) {
        const translation = byLocale.get(locale);
        if (translation === undefined) tx.create(ProductAttributeTranslation, { attribute, locale, name: entry.data.name! });
        else if (entry.data.name != null) translation.name = entry.data.name;
      }
      // The change of a translation alone is a change of the attribute.
      attribute.updatedAt = new Date();
      await tx.flush();
    });
  }

  /** A delete of an attribute that products have values of is refused (409), nothing written. */
  async delete(code: string): Promise<void> {
    await inWriteTransaction(this.em, async (tx) => {
      await lockList(tx, ATTRIBUTES);
      const list = await itemsInOrder(tx, ATTRIBUTES);
      const attribute = list.find((item) => item.code === code);
      if (attribute === undefined) throw productAttributeNotFound();
      // A product write names the attribute FOR KEY SHARE: this waits for it, then sees its values.
      await tx.execute('select id from product_attribute where id = ? for update', [attribute.id]);
      const [{ used }] = await tx.execute<Array<{ used: boolean }>>(IN_USE, [attribute.id]);
      if (used) throw conflict(ATTRIBUTE_IN_USE);
      tx.remove(attribute);
      closeGap(list.filter((item) => item !== attribute));
      try {
        await tx.flush();
      } catch (error) {
        if (error instanceof ForeignKeyConstraintViolationException) throw conflict(ATTRIBUTE_IN_USE);
        throw error;
      }
    });
  }
}
