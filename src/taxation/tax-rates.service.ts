import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { resourceNotFound } from '../common/errors/api-error';
import { links } from '../common/links';
import { readPlainList } from '../common/pagination/plain-list';
import { TaxRate } from './entities/tax-rate.entity';
import { serializeTaxRate } from './tax-rate.serializer';

const WITH_REFERENCES = { populate: ['category', 'zone'], strategy: 'joined' } as const;

@Injectable()
export class TaxRatesService {
  constructor(private readonly em: EntityManager) {}

  /** Every tax rate in creation order (a plain list), with its category and zone joined. */
  list(rawQuery: string) {
    return readPlainList(this.em, TaxRate, links.taxRates(), rawQuery, serializeTaxRate, WITH_REFERENCES);
  }

  /** The tax rate by code, in one joined statement. */
  async show(code: string) {
    const rate = await this.em.fork().findOne(TaxRate, { code }, { ...WITH_REFERENCES, disableIdentityMap: true });
    if (rate === null) throw resourceNotFound('tax rate');
    return serializeTaxRate(rate);
  }
}
