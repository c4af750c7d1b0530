import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { deleteUnlessReferenced, type DeletableTable } from '../../common/deletion/delete-unless-referenced';
import { resourceNotFound } from '../../common/errors/api-error';
import { throwIfInvalid } from '../../common/forms/form-validation.exception';
import { checkUnique, withUniqueValue, type UniqueField } from '../../common/forms/unique-value';
import type { SubmittedForm } from '../../common/forms/validate-form';
import { links } from '../../common/links';
import { readPlainList } from '../../common/pagination/plain-list';
import { inWriteTransaction } from '../../database/write-transaction';
import { Locale } from '../entities/locale.entity';
import { serializeLocale, serializeLocaleListItem } from './locale.serializer';
import { CODE_TAKEN } from './locale-messages';
import type { LocaleForm } from './locale.form';

const UNIQUE_CODE: UniqueField = { entity: Locale, property: 'code', constraint: 'locale_code_unique', message: CODE_TAKEN };

/**
 * Channels offer locales (one of them their default), an order keeps the code of the locale it was placed
 * in, and the catalogue's translations and attribute values copy it: a locale with texts is kept rather than
 * leaving texts in a locale the shop no longer has (or deleting them with it).
 */
const LOCALES: DeletableTable = {
  table: 'locale',
  resource: 'locale',
  references: [
    { table: 'channel', column: 'default_locale_id', by: 'id' },
    { table: 'channel_locale', column: 'locale_id', by: 'id' },
    { table: 'orders', column: 'locale_code', by: 'code' },
    { table: 'product_translation', column: 'locale', by: 'code' },
    { table: 'product_variant_translation', column: 'locale', by: 'code' },
    { table: 'product_attribute_value', column: 'locale_code', by: 'code' },
    { table: 'product_option_translation', column: 'locale', by: 'code' },
    { table: 'product_option_value_translation', column: 'locale', by: 'code' },
    { table: 'product_attribute_translation', column: 'locale', by: 'code' },
    { table: 'product_association_type_translation', column: 'locale', by: 'code' },
    { table: 'taxon_translation', column: 'locale', by: 'code' },
    { table: 'payment_method_translation', column: 'locale', by: 'code' },
  ],
};

/** Locales: a plain list, and created and deleted, never changed. */
@Injectable()
export class LocalesService {
  constructor(private readonly em: EntityManager) {}

  list(rawQuery: string) {
    return readPlainList(this.em, Locale, links.locales(), rawQuery, serializeLocaleListItem);
  }

  async show(code: string) {
    const locale = await this.em.fork().findOne(Locale, { code }, { disableIdentityMap: true });
    if (locale === null) throw resourceNotFound('locale');
    return serializeLocale(locale);
  }

  async create(form: SubmittedForm<LocaleForm>) {
    return withUniqueValue(form.errors, UNIQUE_CODE, () =>
      inWriteTransaction(this.em, async (tx) => {
        await checkUnique(tx, form.errors, UNIQUE_CODE, form.data.code);
        throwIfInvalid(form.errors);
        const locale = tx.create(Locale, { code: form.data.code! });
        await tx.flush();
        return serializeLocale(locale);
      }),
    );
  }

  async delete(code: string): Promise<void> {
    await inWriteTransaction(this.em, (tx) => deleteUnlessReferenced(tx, LOCALES, code));
  }
}
