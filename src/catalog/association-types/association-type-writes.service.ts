import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { deleteUnlessReferenced, type DeletableTable } from '../../common/deletion/delete-unless-referenced';
import { resourceNotFound } from '../../common/errors/api-error';
import type { UpdateMode } from '../../common/forms/submitted-changes';
import { checkUnique, withUniqueValue, type UniqueField } from '../../common/forms/unique-value';
import type { SubmittedForm } from '../../common/forms/validate-form';
import { inWriteTransaction } from '../../database/write-transaction';
import { localeCodes } from '../translations/locale-codes';
import { throwIfInvalidWithTranslations, withTranslationTrees, type TranslationTree } from '../translations/translated-form-errors';
import { KeyedFormErrors } from '../forms/keyed-form-errors';
import type { TranslationTexts } from '../translations/translations-form';
import { CODE_TAKEN } from './association-type-messages';
import { ASSOCIATION_TYPE_TRANSLATIONS, type AssociationTypeForm } from './association-type.form';
import { ProductAssociationTypeTranslation } from './product-association-type-translation.entity';
import { ProductAssociationType } from './product-association-type.entity';

const UNIQUE_CODE: UniqueField = { entity: ProductAssociationType, property: 'code', constraint: 'product_association_type_code_unique', message: CODE_TAKEN };

/** An association type that a product's association uses is kept (409); its translations go with it. */
const ASSOCIATION_TYPES: DeletableTable = {
  table: 'product_association_type',
  resource: 'product association type',
  references: [{ table: 'product_association', column: 'association_type_id', by: 'id' }],
};

/** Reads the translations map of the form against the shop's locales and checks what the write would leave. */
async function translationsOf(tx: EntityManager, form: SubmittedForm<AssociationTypeForm>, stored: ReadonlyMap<string, TranslationTexts>, mode: UpdateMode | 'create', trees: TranslationTree[] = []) {
  const errors = new KeyedFormErrors(await localeCodes(tx), ASSOCIATION_TYPE_TRANSLATIONS.fields);
  trees.push({ path: ['translations'], errors });
  const sent = ASSOCIATION_TYPE_TRANSLATIONS.read(form.data.translations, errors.keys, errors);
  const texts = ASSOCIATION_TYPE_TRANSLATIONS.merge(stored, sent, mode, errors);
  throwIfInvalidWithTranslations(form.errors, trees);
  return texts;
}

/** Creates, changes and deletes product association types with their translations, each in one transaction. */
@Injectable()
export class AssociationTypeWritesService {
  constructor(private readonly em: EntityManager) {}

  async create(form: SubmittedForm<AssociationTypeForm>): Promise<ProductAssociationType> {
    const trees: TranslationTree[] = [];
    return withTranslationTrees(form.errors, () => trees, () =>
      withUniqueValue(form.errors, UNIQUE_CODE, () =>
      inWriteTransaction(this.em, async (tx) => {
        trees.length = 0;
        await checkUnique(tx, form.errors, UNIQUE_CODE, form.data.code);
        const texts = await translationsOf(tx, form, new Map(), 'create', trees);
        const type = tx.create(ProductAssociationType, { code: form.data.code! });
        for (const [locale, { name }] of texts) type.translations.add(tx.create(ProductAssociationTypeTranslation, { associationType: type, locale, name: name! }));
        await tx.flush();
        return type;
      }),
      ),
    );
  }

  /** PUT (`replace`) or PATCH (`merge`); the code never changes. An unknown code is a 404 before the form's violations. */
  async update(code: string, form: SubmittedForm<AssociationTypeForm>, mode: UpdateMode): Promise<void> {
    await inWriteTransaction(this.em, async (tx) => {
      const type = await tx.findOne(ProductAssociationType, { code }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (type === null) throw resourceNotFound('product association type');
      await type.translations.init();
      const stored = new Map(type.translations.getItems().map((translation) => [translation.locale, { name: translation.name }]));
      const texts = await translationsOf(tx, form, stored, mode);
      const existing = new Map(type.translations.getItems().map((translation) => [translation.locale, translation]));
      for (const [locale, { name }] of texts) {
        const translation = existing.get(locale);
        if (translation !== undefined) translation.name = name!;
        else type.translations.add(tx.create(ProductAssociationTypeTranslation, { associationType: type, locale, name: name! }));
      }
      type.updatedAt = new Date();
      await tx.flush();
    });
  }

  async delete(code: string): Promise<void> {
    await inWriteTransaction(this.em, (tx) => deleteUnlessReferenced(tx, ASSOCIATION_TYPES, code));
  }
}
