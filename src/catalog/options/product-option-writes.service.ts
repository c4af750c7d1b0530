import { ForeignKeyConstraintViolationException, UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { lockUnreferenced, type DeletableTable } from '../../common/deletion/delete-unless-referenced';
import { conflict, resourceInUseMessage, resourceNotFound } from '../../common/errors/api-error';
import type { UpdateMode } from '../../common/forms/submitted-changes';
import { checkUnique, withUniqueValue, type UniqueField } from '../../common/forms/unique-value';
import type { SubmittedForm } from '../../common/forms/validate-form';
import { inWriteTransaction } from '../../database/write-transaction';
import { ProductOptionValueTranslation } from '../entities/product-option-value-translation.entity';
import { ProductOptionValue } from '../entities/product-option-value.entity';
import { ProductOption } from '../entities/product-option.entity';
import { localeCodes } from '../translations/locale-codes';
import { throwIfInvalidWithTranslations, withTranslationTrees, type TranslationTree } from '../translations/translated-form-errors';
import { KeyedFormErrors } from '../forms/keyed-form-errors';
import type { TranslationsForm, TranslationTexts } from '../translations/translations-form';
import { closeGap, itemsInOrder, lockList, placeAt, type OrderedList } from '../positions/ordered-list';
import { CODE_TAKEN, VALUE_CODE_BLANK, VALUE_CODE_TAKEN } from './product-option-messages';
import { OPTION_TRANSLATIONS, VALUE_TRANSLATIONS, type OptionValueForm, type ProductOptionForm } from './product-option.form';
import { ProductOptionTranslation } from './product-option-translation.entity';
import { optionName } from './product-option-translations';

const UNIQUE_CODE: UniqueField = { entity: ProductOption, property: 'code', constraint: 'product_option_code_unique', message: CODE_TAKEN };
const VALUE_CODE_CONSTRAINT = 'product_option_value_code_unique';

/** Options form one ordered list: their positions are its indexes. */
const OPTIONS: OrderedList<ProductOption> = { table: 'product_option', entity: ProductOption };

/** Products offer options, and their variants are made of option values; translations and values go with the option. */
const PRODUCT_OPTIONS: DeletableTable = {
  table: 'product_option',
  resource: 'product option',
  references: [
    { table: 'product_product_option', column: 'product_option_id', by: 'id' },
    { table: 'product_variant_option_value vov join product_option_value ov on ov.id = vov.product_option_value_id', column: 'ov.option_id', by: 'id' },
  ],
};

type Form = SubmittedForm<ProductOptionForm>;
type Mode = UpdateMode | 'create';

/** What a valid form does to the values: texts for the values it changes (by id) and for those it adds (by code). */
interface ValueChanges {
  changed: Map<ProductOptionValue, Map<string, TranslationTexts>>;
  added: Array<{ code: string; texts: Map<string, TranslationTexts> }>;
}

/** The texts stored per locale of a set of translations. */
const storedTexts = <T extends { locale: string }>(rows: readonly T[], texts: (row: T) => TranslationTexts) => new Map(rows.map((row) => [row.locale, texts(row)]));

/**
 * Reads the form's translations maps and values against the shop's locales and the stored option (none
 * on create): every violation, the form's and the database's, is thrown in one 400.
 */
class OptionSubmission {
  readonly trees: TranslationTree[] = [];
  /** The indexes of the `values` entries that add a value. */
  readonly addedEntries: number[] = [];

  constructor(
    private readonly tx: EntityManager,
    private readonly form: Form,
    private readonly mode: Mode,
  ) {}

  private translations(rules: TranslationsForm, path: ReadonlyArray<string | number>, value: unknown, stored: ReadonlyMap<string, TranslationTexts>, mode: Mode, locales: readonly string[]) {
    const errors = new KeyedFormErrors(locales, rules.fields);
    this.trees.push({ path, errors });
    return rules.merge(stored, rules.read(value, locales, errors), mode, errors);
  }

  async read(option: ProductOption | null, storedNames: ReadonlyMap<string, TranslationTexts>) {
    const locales = await localeCodes(this.tx);
    const names = this.translations(OPTION_TRANSLATIONS, ['translations'], this.form.data.translations, storedNames, this.mode, locales);
    const values = await this.values(option, locales);
    throwIfInvalidWithTranslations(this.form.errors, this.trees);
    return { locales, names, values };
  }

  private async values(option: ProductOption | null, locales: readonly string[]): Promise<ValueChanges> {
    const entries = this.form.data.values ?? new Map<number, OptionValueForm>();
    const list = this.form.errors.list('values');
    list.expectEntries(list.sentLength);
    const own = new Map((option?.values.getItems() ?? []).map((value) => [value.code, value]));
    const newCodes = [...entries.values()].map((entry) => entry.code).filter((code): code is string => typeof code === 'string' && !own.has(code));
    const taken = new Set(newCodes.length === 0 ? [] : (await this.tx.find(ProductOptionValue, { code: { $in: newCodes } })).map((value) => value.code));
    const changes: ValueChanges = { changed: new Map(), added: [] };
    for (const [index, entry] of [...entries.entries()].sort(([a], [b]) => a - b)) {
      const errors = list.entry(index);
      const existing = typeof entry.code === 'string' ? own.get(entry.code) : undefined;
      const path = ['values', index, 'translations'];
      if (existing !== undefined && !changes.changed.has(existing)) {
        const stored = storedTexts(existing.translations.getItems(), (row) => ({ value: row.value }));
        changes.changed.set(existing, this.translations(VALUE_TRANSLATIONS, path, entry.translations, stored, this.mode, locales));
        continue;
      }
      const texts = this.translations(VALUE_TRANSLATIONS, path, entry.translations, new Map(), 'create', locales);
      if (errors.has('code')) continue;
      if (typeof entry.code !== 'string' || entry.code === '') errors.add('code', VALUE_CODE_BLANK);
      else if (taken.has(entry.code) || own.has(entry.code)) errors.add('code', VALUE_CODE_TAKEN);
      else {
        taken.add(entry.code);
        this.addedEntries.push(index);
        changes.added.push({ code: entry.code, texts });
      }
    }
    // An entry that is no object still lists the locales of its translations.
    for (let index = 0; index < list.sentLength; index += 1) {
      if (!entries.has(index)) this.trees.push({ path: ['values', index, 'translations'], errors: new KeyedFormErrors(locales, VALUE_TRANSLATIONS.fields) });
    }
    return changes;
  }
}

/**
 * Creates, changes and deletes product options with their translations and values, each in one
 * transaction. Options form one ordered list (src/catalog/positions/ordered-list.ts): every write locks it
 * first; a create or a move shifts the options after it, a delete closes the gap.
 */
@Injectable()
export class ProductOptionWritesService {
  constructor(private readonly em: EntityManager) {}

  async create(form: Form): Promise<{ option: ProductOption; translations: ProductOptionTranslation[] }> {
    let submission: OptionSubmission | undefined;
    return this.reportingValueCodes(form, () => submission, () =>
      withUniqueValue(form.errors, UNIQUE_CODE, () =>
        inWriteTransaction(this.em, async (tx) => {
          submission = new OptionSubmission(tx, form, 'create');
          await checkUnique(tx, form.errors, UNIQUE_CODE, form.data.code);
          const { locales, names, values } = await submission.read(null, new Map());
          await lockList(tx, OPTIONS);
          const others = await itemsInOrder(tx, OPTIONS);
          const code = form.data.code!;
          const option = tx.create(ProductOption, { code, name: optionName(code, nameMap(names), locales) });
          placeAt(others, option, form.data.position ?? null);
          const translations = [...names].map(([locale, { name }]) => tx.create(ProductOptionTranslation, { option, locale, name: name! }));
          for (const added of values.added) this.addValue(tx, option, added.code, added.texts);
          await tx.flush();
          return { option, translations };
        }),
      ),
    );
  }

  /** PUT (`replace`) or PATCH (`merge`); the code never changes. An unknown code is a 404 before the form's violations. */
  async update(code: string, form: Form, mode: UpdateMode): Promise<void> {
    let submission: OptionSubmission | undefined;
    await this.reportingValueCodes(form, () => submission, () =>
      inWriteTransaction(this.em, async (tx) => {
        await lockList(tx, OPTIONS);
        const option = await tx.findOne(ProductOption, { code }, { populate: ['values', 'values.translations'] });
        if (option === null) throw resourceNotFound('product option');
        const stored = await tx.find(ProductOptionTranslation, { option }, { orderBy: { id: 'asc' } });
        submission = new OptionSubmission(tx, form, mode);
        const { locales, names, values } = await submission.read(option, storedTexts(stored, (translation) => ({ name: translation.name })));
        if (form.data.position != null) {
          const others = (await itemsInOrder(tx, OPTIONS)).filter((other) => other !== option);
          placeAt(others, option, form.data.position);
        }
        const byLocale = new Map(stored.map((translation) => [translation.locale, translation]));
        for (const [locale, { name }] of names) {
          const translation = byLocale.get(locale);
          if (translation !== undefined) translation.name = name!;
          else tx.create(ProductOptionTranslation, { option, locale, name: name! });
        }
        // An option without translations (one loaded from fixtures) keeps its name.
        if (names.size > 0) option.name = optionName(option.code, nameMap(names), locales);
        for (const [value, texts] of values.changed) this.setValueTexts(tx, value, texts);
        for (const added of values.added) this.addValue(tx, option, added.code, added.texts);
        await tx.flush();
      }),
    );
  }

  /** Deletes the option unless a product offers it or a variant is made of one of its values; the others close up. */
  async delete(code: string): Promise<void> {
    await inWriteTransaction(this.em, async (tx) => {
      await lockList(tx, OPTIONS);
      const list = await itemsInOrder(tx, OPTIONS);
      // A product write names the option FOR KEY SHARE: this waits for it, then sees what it wrote.
      const id = await lockUnreferenced(tx, PRODUCT_OPTIONS, code);
      const option = list.find((item) => item.id === id)!;
      tx.remove(option);
      closeGap(list.filter((item) => item !== option));
      try {
        await tx.flush();
      } catch (error) {
        if (error instanceof ForeignKeyConstraintViolationException) throw conflict(resourceInUseMessage('product option'));
        throw error;
      }
    });
  }

  private addValue(tx: EntityManager, option: ProductOption, code: string, texts: ReadonlyMap<string, TranslationTexts>): void {
    const value = tx.create(ProductOptionValue, { code, option });
    option.values.add(value);
    this.setValueTexts(tx, value, texts);
  }

  private setValueTexts(tx: EntityManager, value: ProductOptionValue, texts: ReadonlyMap<string, TranslationTexts>): void {
    const byLocale = new Map(value.translations.getItems().map((translation) => [translation.locale, translation]));
    for (const [locale, { value: text }] of texts) {
      const translation = byLocale.get(locale);
      if (translation !== undefined) translation.value = text!;
      else value.translations.add(tx.create(ProductOptionValueTranslation, { optionValue: value, locale, value: text! }));
    }
  }

  /**
   * A value code another request stored first (the unique index refuses it at the flush) is the same 400
   * as one stored before: on every value the write would have added.
   */
  private async reportingValueCodes<T>(form: Form, submission: () => OptionSubmission | undefined, write: () => Promise<T>): Promise<T> {
    const trees = () => submission()?.trees ?? [];
    try {
      return await withTranslationTrees(form.errors, trees, write);
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException && (error as { constraint?: string }).constraint === VALUE_CODE_CONSTRAINT) {
        const list = form.errors.list('values');
        for (const index of submission()?.addedEntries ?? []) list.entry(index).add('code', VALUE_CODE_TAKEN);
        throwIfInvalidWithTranslations(form.errors, trees());
      }
      throw error;
    }
  }
}

const nameMap = (names: ReadonlyMap<string, TranslationTexts>) => new Map([...names].map(([locale, { name }]) => [locale, name!]));
