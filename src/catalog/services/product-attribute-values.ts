import type { EntityManager } from '@mikro-orm/postgresql';
import { NOT_BLANK, NOT_VALID } from '../../common/forms/messages';
import type { UpdateMode } from '../../common/forms/submitted-changes';
import type { SubmittedForm } from '../../common/forms/validate-form';
import type { Configuration } from '../attributes/attribute-configuration';
import { isAttributeType, type AttributeType } from '../attributes/attribute-types';
import { readAttributeValue } from '../attributes/attribute-values';
import { ProductAttributeValue } from '../attributes/product-attribute-value.entity';
import { ProductAttribute } from '../attributes/product-attribute.entity';
import type { Product } from '../entities/product.entity';
import { ATTRIBUTE_BLANK, ATTRIBUTE_REPEATED } from '../forms/product-messages';
import type { ProductAttributeValueForm } from '../forms/product-attribute-value.form';
import type { ProductForm } from '../forms/product.form';

/** A value to store: the attribute (by id), the locale and the value as read for the attribute's type. */
export interface SentAttributeValue {
  attributeId: number;
  localeCode: string;
  value: unknown;
}

interface NamedAttribute {
  id: number;
  code: string;
  type: AttributeType;
  configuration: Configuration;
}

/**
 * The attributes with these codes, by code, each locked FOR KEY SHARE in id order: an attribute's delete
 * waits for this write and then finds its values (or this write waits for the delete and finds no attribute).
 */
async function lockedAttributes(tx: EntityManager, codes: readonly string[]): Promise<Map<string, NamedAttribute>> {
  if (codes.length === 0) return new Map();
  const rows = await tx.execute<Array<{ id: number; code: string; type: string; configuration: Configuration }>>(
    `select id, code, type, configuration from product_attribute where code in (select value from json_array_elements_text(?::json)) order by id for key share`,
    [JSON.stringify([...new Set(codes)])],
  );
  const found = new Map<string, NamedAttribute>();
  for (const row of rows) {
    if (!isAttributeType(row.type)) throw new Error(`The product attribute ${row.code} has an unknown type ${row.type}`);
    found.set(row.code, { id: row.id, code: row.code, type: row.type, configuration: row.configuration });
  }
  return found;
}

/**
 * The values `attributes` asks for, checked into the form's violations: POST and PUT set the list sent
 * (left out: none), PATCH only when the field is sent; undefined when the product's values stay as they
 * are. Each entry names an attribute by code and a locale of the shop, once per pair, and its value is
 * read against the attribute's type and configuration.
 */
export async function checkedAttributeValues(
  tx: EntityManager,
  form: SubmittedForm<ProductForm>,
  mode: UpdateMode,
  locales: readonly string[],
): Promise<SentAttributeValue[] | undefined> {
  const list = form.errors.list('attributes');
  list.expectEntries(list.sentLength);
  if (mode === 'merge' && !form.sent.has('attributes')) return undefined;
  const entries = [...(form.data.attributes ?? new Map<number, ProductAttributeValueForm>()).entries()].sort(([a], [b]) => a - b);
  const codes = entries.map(([, entry]) => entry.attribute).filter((code): code is string => typeof code === 'string' && code !== '');
  const attributes = await lockedAttributes(tx, codes);

  const values: SentAttributeValue[] = [];
  const seen = new Set<string>();
  for (const [index, entry] of entries) {
    const errors = list.entry(index);
    let attribute: NamedAttribute | undefined;
    if (!errors.has('attribute')) {
      if (typeof entry.attribute !== 'string' || entry.attribute === '') errors.add('attribute', ATTRIBUTE_BLANK);
      else if ((attribute = attributes.get(entry.attribute)) === undefined) errors.add('attribute', NOT_VALID);
    }
    let localeCode: string | undefined;
    if (!errors.has('localeCode')) {
      if (typeof entry.localeCode !== 'string' || entry.localeCode === '') errors.add('localeCode', NOT_BLANK);
      else if (!locales.includes(entry.localeCode)) errors.add('localeCode', NOT_VALID);
      else localeCode = entry.localeCode;
    }
    if (attribute === undefined) continue;
    const read = readAttributeValue(attribute.type, attribute.configuration, entry.value);
    if ('error' in read) errors.add('value', read.error);
    if (localeCode === undefined) continue;
    const key = JSON.stringify([attribute.id, localeCode]);
    if (seen.has(key)) {
      errors.add('attribute', ATTRIBUTE_REPEATED);
      continue;
    }
    seen.add(key);
    if ('value' in read) values.push({ attributeId: attribute.id, localeCode, value: read.value });
  }
  return values;
}

/**
 * Makes the product's values the ones given: a value of the same attribute and locale is changed in
 * place (it keeps its id), the others are added, and the product's values not given are removed.
 */
export async function applyAttributeValues(tx: EntityManager, product: Product, values: readonly SentAttributeValue[], isNew: boolean): Promise<void> {
  const existing = isNew ? [] : await tx.find(ProductAttributeValue, { product }, { orderBy: { id: 'asc' } });
  const keyOf = (attributeId: number, localeCode: string) => JSON.stringify([attributeId, localeCode]);
  const byKey = new Map(existing.map((stored) => [keyOf(stored.attribute.id, stored.localeCode), stored]));
  for (const sent of values) {
    const key = keyOf(sent.attributeId, sent.localeCode);
    const stored = byKey.get(key);
    if (stored === undefined) {
      tx.create(ProductAttributeValue, { product, attribute: tx.getReference(ProductAttribute, sent.attributeId), localeCode: sent.localeCode, value: sent.value });
      continue;
    }
    byKey.delete(key);
    if (JSON.stringify(stored.value) !== JSON.stringify(sent.value)) stored.value = sent.value;
  }
  for (const stale of byKey.values()) tx.remove(stale);
}
