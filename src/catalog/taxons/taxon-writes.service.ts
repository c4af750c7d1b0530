import { ForeignKeyConstraintViolationException, LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { conflict, resourceNotFound } from '../../common/errors/api-error';
import { throwIfInvalid } from '../../common/forms/form-validation.exception';
import { NOT_VALID } from '../../common/forms/messages';
import { submittedChanges, type UpdateMode } from '../../common/forms/submitted-changes';
import { checkUnique, type UniqueField } from '../../common/forms/unique-value';
import type { SubmittedForm } from '../../common/forms/validate-form';
import { inWriteTransaction } from '../../database/write-transaction';
import { EventOutbox } from '../../events/event-outbox';
import { Taxon } from '../entities/taxon.entity';
import { findTaxon } from '../queries/taxon.read-model';
import { serializeTaxon } from '../serializers/taxon.serializer';
import { localeCodes } from '../translations/locale-codes';
import { checkSlugs, checkTranslationPresence, readTranslations, TRANSLATION_OPTIONS } from '../translations/slugged-translations';
import { CODE_TAKEN, PARENT_IN_SUBTREE, TAXON_IN_USE } from './forms/taxon-messages';
import type { TaxonForm } from './forms/taxon.form';
import type { TaxonTranslationForm } from './forms/taxon-translation.form';
import { TaxonTranslation } from './taxon-translation.entity';
import { applyTaxonTranslations, TAXON_TRANSLATIONS } from './taxon-translations';
import { setProductPositions } from './taxon-product-positions';
import { closeGap, isInSubtree, lockSubtree, lockTaxonTrees, nextPosition, subtreeInUse } from './taxon-tree';

const UNIQUE_CODE: UniqueField = { entity: Taxon, property: 'code', constraint: 'taxon_code_unique', message: CODE_TAKEN };

export type ShownTaxon = ReturnType<typeof serializeTaxon>;

/** The taxon as GET shows it, read in the write's transaction. */
async function shownTaxon(tx: EntityManager, code: string): Promise<ShownTaxon> {
  const row = await findTaxon(tx, code);
  if (row === null) throw new Error(`The taxon ${code} just written cannot be read`);
  return serializeTaxon(row);
}

/** The id of the parent named by the form (null: none, a root), or undefined when the form leaves it or names nothing. */
async function parentOf(tx: EntityManager, form: SubmittedForm<TaxonForm>, mode: UpdateMode): Promise<number | null | undefined> {
  if (form.errors.has('parent')) return undefined;
  const { parent } = submittedChanges(form.data, { parent: null }, mode);
  if (parent === undefined || parent === null) return parent;
  const [row] = await tx.execute<Array<{ id: number }>>(`select id from taxon where code = ?`, [parent]);
  if (row === undefined) {
    form.errors.add('parent', NOT_VALID);
    return undefined;
  }
  return row.id;
}

/** The translations sent, read against the shop's locales into the form's violations. */
async function translationsOf(tx: EntityManager, form: SubmittedForm<TaxonForm>, mode: 'create' | UpdateMode) {
  const locales = await localeCodes(tx);
  return { locales, sent: readTranslations<TaxonTranslationForm>(form.errors, form.data.translations, locales, TRANSLATION_OPTIONS[mode]) };
}

/**
 * Creates, changes and deletes taxons, each in one transaction that also records its events (`taxon.created`,
 * `taxon.updated`, `taxon.deleted`), and sets the positions of products in a taxon. Every taxon write first
 * takes the taxon trees' advisory lock (src/catalog/taxons/taxon-tree.ts).
 */
@Injectable()
export class TaxonWritesService {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: EventOutbox,
  ) {}

  /** A new root without `parent`; with one, the last of its children. */
  async create(form: SubmittedForm<TaxonForm>): Promise<ShownTaxon> {
    return inWriteTransaction(this.em, async (tx) => {
      await lockTaxonTrees(tx);
      await checkUnique(tx, form.errors, UNIQUE_CODE, form.data.code);
      const { locales, sent } = await translationsOf(tx, form, 'create');
      checkTranslationPresence(form.errors, sent, [], locales, 'replace', TAXON_TRANSLATIONS);
      const parentId = await parentOf(tx, form, 'replace');
      await checkSlugs(tx, form.errors, sent, null, TAXON_TRANSLATIONS);
      throwIfInvalid(form.errors);
      const parent = parentId == null ? null : tx.getReference(Taxon, parentId);
      const taxon = tx.create(Taxon, { code: form.data.code!, parent, position: await nextPosition(tx, parentId ?? null) });
      applyTaxonTranslations(tx, taxon, [], sent, 'replace');
      await tx.flush();
      const created = await shownTaxon(tx, taxon.code);
      await this.outbox.record(tx, { type: 'taxon.created', data: created });
      return created;
    });
  }

  /**
   * PUT (`replace`: a left-out `parent` makes the taxon a root) or PATCH (`merge`); the code never changes. A
   * new parent moves the taxon last among its new siblings, and the old siblings after it close the gap. An
   * unknown code is a 404 before the form's violations. A write that changes nothing the taxon's GET shows
   * records no event.
   */
  async update(code: string, form: SubmittedForm<TaxonForm>, mode: UpdateMode): Promise<void> {
    await inWriteTransaction(this.em, async (tx) => {
      await lockTaxonTrees(tx);
      const taxon = await tx.findOne(Taxon, { code }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (taxon === null) throw resourceNotFound('taxon');
      const { locales, sent } = await translationsOf(tx, form, mode);
      const before = await shownTaxon(tx, code);
      const translations = await tx.find(TaxonTranslation, { taxon }, { orderBy: { id: 'asc' } });
      if (mode === 'replace' || form.sent.has('translations')) {
        checkTranslationPresence(form.errors, sent, translations.map((translation) => translation.locale), locales, mode, TAXON_TRANSLATIONS);
      }
      const parentId = await parentOf(tx, form, mode);
      if (parentId != null && (await isInSubtree(tx, taxon.id, parentId))) form.errors.add('parent', PARENT_IN_SUBTREE);
      await checkSlugs(tx, form.errors, sent, taxon.id, TAXON_TRANSLATIONS);
      throwIfInvalid(form.errors);
      const currentParentId = taxon.parent?.id ?? null;
      if (parentId !== undefined && parentId !== currentParentId) {
        const position = await nextPosition(tx, parentId, taxon.id);
        await closeGap(tx, currentParentId, taxon.position);
        await tx.execute(`update taxon set parent_id = ?::int, position = ?::int where id = ?::int`, [parentId, position, taxon.id]);
      }
      applyTaxonTranslations(tx, taxon, translations, sent, mode);
      await tx.flush();
      const updated = await shownTaxon(tx, code);
      if (JSON.stringify(updated) === JSON.stringify(before)) return;
      await this.outbox.record(tx, { type: 'taxon.updated', data: updated });
    });
  }

  /**
   * Deletes the taxon with every descendant and their translations, unless a product or a promotion names
   * one of them (409, nothing deleted); its later siblings close the gap. One `taxon.deleted` per taxon,
   * children before their parents.
   */
  async delete(code: string): Promise<void> {
    await inWriteTransaction(this.em, async (tx) => {
      await lockTaxonTrees(tx);
      const [row] = await tx.execute<Array<{ id: number; parent_id: number | null; position: number }>>(`select id, parent_id, position from taxon where code = ?`, [code]);
      if (row === undefined) throw resourceNotFound('taxon');
      const subtree = await lockSubtree(tx, row.id);
      if (await subtreeInUse(tx, subtree)) throw conflict(TAXON_IN_USE);
      const childrenFirst = [...subtree].sort((a, b) => b.depth - a.depth || a.id - b.id);
      try {
        await tx.execute(`delete from taxon where id in (select value::int from json_array_elements_text(?::json))`, [JSON.stringify(subtree.map((taxon) => taxon.id))]);
      } catch (error) {
        if (error instanceof ForeignKeyConstraintViolationException) throw conflict(TAXON_IN_USE);
        throw error;
      }
      await closeGap(tx, row.parent_id, row.position);
      for (const taxon of childrenFirst) await this.outbox.record(tx, { type: 'taxon.deleted', data: { id: taxon.id, code: taxon.code } });
    });
  }

  /**
   * Sets the positions of products directly in the taxon (`PUT /taxons/{code}/products`). No event: neither
   * the taxon's GET nor the product's shows these positions.
   */
  async setProductPositions(code: string, body: unknown): Promise<void> {
    await inWriteTransaction(this.em, (tx) => setProductPositions(tx, code, body));
  }
}
