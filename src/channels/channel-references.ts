import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Country } from '../addressing/entities/country.entity';
import { Zone } from '../addressing/entities/zone.entity';
import type { FormErrors } from '../common/forms/form-errors';
import { NOT_VALID } from '../common/forms/messages';
import type { UpdateMode } from '../common/forms/submitted-changes';
import type { SubmittedForm } from '../common/forms/validate-form';
import { Currency } from './entities/currency.entity';
import { Locale } from './entities/locale.entity';
import { BASE_CURRENCY_BLANK, DEFAULT_LOCALE_BLANK } from './forms/channel-messages';
import type { ChannelForm } from './forms/channel.form';

/**
 * The rows a channel form names by code. `undefined` means "not given" (kept on PATCH); a list or row
 * that could not be read (a violation was added) is `undefined` too.
 */
export interface ChannelReferences {
  locales?: Locale[];
  defaultLocale?: Locale;
  currencies?: Currency[];
  /** `null`: sent empty (cleared). */
  defaultTaxZone?: Zone | null;
  baseCurrency?: Currency;
  /** `null`: sent empty (cleared). */
  billingCountryCode?: string | null;
}

type Referenced = Locale | Currency | Zone;

/**
 * The rows with these codes, locked FOR SHARE in id order: a delete of one takes FOR UPDATE first and so
 * waits for this write, then sees the new reference. Null when a code names no row.
 */
async function rowsByCode<T extends Referenced>(tx: EntityManager, entity: new () => T, codes: readonly string[]): Promise<T[] | null> {
  const unique = [...new Set(codes)];
  if (unique.length === 0) return [];
  const rows = (await tx.find(entity as never, { code: { $in: unique } } as never, { lockMode: LockMode.PESSIMISTIC_READ, orderBy: { id: 'asc' } as never })) as T[];
  if (rows.length !== unique.length) return null;
  const byCode = new Map(rows.map((row) => [row.code, row]));
  return unique.map((code) => byCode.get(code)!);
}

async function list<T extends Referenced>(tx: EntityManager, errors: FormErrors, field: 'locales' | 'currencies', entity: new () => T, codes: string[] | undefined): Promise<T[] | undefined> {
  if (codes === undefined || errors.has(field)) return undefined;
  const rows = await rowsByCode(tx, entity, codes);
  if (rows === null) errors.add(field, NOT_VALID);
  return rows ?? undefined;
}

async function one<T extends Referenced>(tx: EntityManager, errors: FormErrors, field: keyof ChannelForm, entity: new () => T, code: string | null | undefined): Promise<T | null | undefined> {
  if (code === undefined || errors.has(field)) return undefined;
  if (code === null) return null;
  const rows = await rowsByCode(tx, entity, [code]);
  if (rows === null) errors.add(field, NOT_VALID);
  return rows?.[0];
}

/**
 * Looks up what the form names, adding `This value is not valid.` for a code that names nothing. On
 * create the default locale and the base currency are required; on update a default locale left out or
 * empty keeps the channel's (the column has no empty value), and the base currency is not read.
 */
export async function lookUpChannelReferences(tx: EntityManager, form: SubmittedForm<ChannelForm>, mode: 'create' | UpdateMode): Promise<ChannelReferences> {
  const { data, errors } = form;
  const references: ChannelReferences = {};
  references.locales = await list(tx, errors, 'locales', Locale, data.locales);
  const defaultLocale = await one(tx, errors, 'defaultLocale', Locale, data.defaultLocale);
  if (defaultLocale) references.defaultLocale = defaultLocale;
  else if (mode === 'create' && !errors.has('defaultLocale')) errors.add('defaultLocale', DEFAULT_LOCALE_BLANK);
  references.currencies = await list(tx, errors, 'currencies', Currency, data.currencies);
  references.defaultTaxZone = await one(tx, errors, 'defaultTaxZone', Zone, data.defaultTaxZone);
  if (mode === 'create') {
    const baseCurrency = await one(tx, errors, 'baseCurrency', Currency, data.baseCurrency);
    if (baseCurrency) references.baseCurrency = baseCurrency;
    else if (!errors.has('baseCurrency')) errors.add('baseCurrency', BASE_CURRENCY_BLANK);
  }
  const billing = errors.subForm('shopBillingData');
  const countryCode = data.shopBillingData?.countryCode;
  if (countryCode !== undefined && !billing.has('countryCode')) {
    if (countryCode !== null && (await tx.count(Country, { code: countryCode })) === 0) billing.add('countryCode', NOT_VALID);
    else references.billingCountryCode = countryCode;
  }
  return references;
}
