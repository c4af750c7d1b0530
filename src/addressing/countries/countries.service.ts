import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { deleteUnlessReferenced, type DeletableTable } from '../../common/deletion/delete-unless-referenced';
import { resourceNotFound } from '../../common/errors/api-error';
import type { FormErrors } from '../../common/forms/form-errors';
import { throwIfInvalid } from '../../common/forms/form-validation.exception';
import { checkUnique, withUniqueValue, type UniqueField } from '../../common/forms/unique-value';
import type { SubmittedForm } from '../../common/forms/validate-form';
import { links } from '../../common/links';
import { readPlainList } from '../../common/pagination/plain-list';
import { inWriteTransaction } from '../../database/write-transaction';
import { Country } from '../entities/country.entity';
import { Province } from '../entities/province.entity';
import { serializeCountry, serializeCountryListItem, serializeProvince } from './country.serializer';
import { CODE_TAKEN, PROVINCE_CODE_TAKEN, PROVINCE_NAME_TAKEN } from './country-messages';
import type { CountryForm } from './country.form';

const UNIQUE_CODE: UniqueField = { entity: Country, property: 'code', constraint: 'country_code_unique', message: CODE_TAKEN };

// Zone members and addresses copy codes (no foreign key). A member counts only in a zone of the matching
// type; the joins below are fixed text, written into the existence checks as their tables.
const COUNTRY_ZONE_MEMBERS = `zone_member m join zone z on z.id = m.zone_id and z.type = 'country'`;
const PROVINCE_ZONE_MEMBERS = `zone_member m join zone z on z.id = m.zone_id and z.type = 'province'`;

/** A country is deleted with its provinces, so what refers to one of them keeps the country too. */
const COUNTRIES: DeletableTable = {
  table: 'country',
  resource: 'country',
  references: [
    { table: 'address', column: 'country_code', by: 'code' },
    { table: 'address a join province p on p.code = a.province_code', column: 'p.country_id', by: 'id' },
    { table: COUNTRY_ZONE_MEMBERS, column: 'm.code', by: 'code' },
    { table: `${PROVINCE_ZONE_MEMBERS} join province p on p.code = m.code`, column: 'p.country_id', by: 'id' },
  ],
};

const PROVINCES: DeletableTable = {
  table: 'province',
  resource: 'province',
  references: [
    { table: 'address', column: 'province_code', by: 'code' },
    { table: PROVINCE_ZONE_MEMBERS, column: 'm.code', by: 'code' },
  ],
};

/** Province codes are unique across countries, names within their country (the list sent here). */
async function checkProvinces(tx: EntityManager, form: SubmittedForm<CountryForm>): Promise<void> {
  const list = form.errors.list('provinces');
  const entries = [...form.data.provinces.entries()];
  list.expectEntries(list.sentLength);
  const codes = new Set<string>();
  const names = new Set<string>();
  const candidates = entries.filter(([index, province]) => !list.entry(index).has('code') && typeof province.code === 'string').map(([, province]) => province.code!);
  const taken = new Set(candidates.length === 0 ? [] : (await tx.find(Province, { code: { $in: candidates } }, { fields: ['code'] })).map((province) => province.code));
  for (const [index, province] of entries) {
    const errors: FormErrors = list.entry(index);
    if (!errors.has('code') && typeof province.code === 'string') {
      if (taken.has(province.code) || codes.has(province.code)) errors.add('code', PROVINCE_CODE_TAKEN);
      codes.add(province.code);
    }
    if (!errors.has('name') && typeof province.name === 'string') {
      if (names.has(province.name)) errors.add('name', PROVINCE_NAME_TAKEN);
      names.add(province.name);
    }
  }
}

/** Countries with their provinces: a plain list, created (provinces included) and deleted, never changed. */
@Injectable()
export class CountriesService {
  constructor(private readonly em: EntityManager) {}

  list(rawQuery: string) {
    return readPlainList(this.em, Country, links.countries(), rawQuery, serializeCountryListItem);
  }

  async show(code: string) {
    const country = await this.em.fork().findOne(
      Country,
      { code },
      { populate: ['provinces'], populateOrderBy: { provinces: { id: 'asc' } }, strategy: 'joined', disableIdentityMap: true },
    );
    if (country === null) throw resourceNotFound('country');
    return serializeCountry(country);
  }

  async create(form: SubmittedForm<CountryForm>) {
    return withUniqueValue(form.errors, UNIQUE_CODE, () =>
      inWriteTransaction(this.em, async (tx) => {
        await checkUnique(tx, form.errors, UNIQUE_CODE, form.data.code);
        await checkProvinces(tx, form);
        throwIfInvalid(form.errors);
        const country = tx.create(Country, { code: form.data.code!, enabled: form.data.enabled === true });
        for (const [, province] of [...form.data.provinces.entries()].sort(([a], [b]) => a - b)) {
          country.provinces.add(tx.create(Province, { code: province.code!, name: province.name!, abbreviation: province.abbreviation ?? null, country }));
        }
        try {
          await tx.flush();
        } catch (error) {
          // Another country took one of the province codes since they were checked.
          if (error instanceof UniqueConstraintViolationException && (error as { constraint?: string }).constraint === 'province_code_unique') {
            form.errors.list('provinces').addRoot(PROVINCE_CODE_TAKEN);
            throwIfInvalid(form.errors);
          }
          throw error;
        }
        return serializeCountry(country);
      }),
    );
  }

  async delete(code: string): Promise<void> {
    await inWriteTransaction(this.em, (tx) => deleteUnlessReferenced(tx, COUNTRIES, code));
  }

  /** A province of the country: the province must belong to the country the path names. */
  async showProvince(countryCode: string, code: string) {
    const province = await this.em.fork().findOne(Province, { code, country: { code: countryCode } }, { disableIdentityMap: true });
    if (province === null) throw resourceNotFound('province');
    return serializeProvince(province, countryCode);
  }

  async deleteProvince(countryCode: string, code: string): Promise<void> {
    await inWriteTransaction(this.em, async (tx) => {
      if ((await tx.count(Province, { code, country: { code: countryCode } })) === 0) throw resourceNotFound('province');
      await deleteUnlessReferenced(tx, PROVINCES, code);
    });
  }
}
