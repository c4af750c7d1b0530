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
import { Currency } from '../entities/currency.entity';
import { serializeCurrency } from './currency.serializer';
import { CODE_TAKEN } from './currency-messages';
import type { CurrencyForm } from './currency.form';

const UNIQUE_CODE: UniqueField = { entity: Currency, property: 'code', constraint: 'currency_code_unique', message: CODE_TAKEN };

/** Channels sell in currencies (one of them their base), exchange rates convert between two, and an order keeps the code of its currency. */
const CURRENCIES: DeletableTable = {
  table: 'currency',
  resource: 'currency',
  references: [
    { table: 'channel', column: 'base_currency_id', by: 'id' },
    { table: 'channel_currency', column: 'currency_id', by: 'id' },
    { table: 'exchange_rate', column: 'source_currency_id', by: 'id' },
    { table: 'exchange_rate', column: 'target_currency_id', by: 'id' },
    { table: 'orders', column: 'currency_code', by: 'code' },
  ],
};

/** Currencies: a plain list, and created and deleted, never changed. */
@Injectable()
export class CurrenciesService {
  constructor(private readonly em: EntityManager) {}

  list(rawQuery: string) {
    return readPlainList(this.em, Currency, links.currencies(), rawQuery, serializeCurrency);
  }

  async show(code: string) {
    const currency = await this.em.fork().findOne(Currency, { code }, { disableIdentityMap: true });
    if (currency === null) throw resourceNotFound('currency');
    return serializeCurrency(currency);
  }

  async create(form: SubmittedForm<CurrencyForm>) {
    return withUniqueValue(form.errors, UNIQUE_CODE, () =>
      inWriteTransaction(this.em, async (tx) => {
        await checkUnique(tx, form.errors, UNIQUE_CODE, form.data.code);
        throwIfInvalid(form.errors);
        const currency = tx.create(Currency, { code: form.data.code! });
        await tx.flush();
        return serializeCurrency(currency);
      }),
    );
  }

  async delete(code: string): Promise<void> {
    await inWriteTransaction(this.em, (tx) => deleteUnlessReferenced(tx, CURRENCIES, code));
  }
}
