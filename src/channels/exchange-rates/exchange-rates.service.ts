import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { resourceNotFound } from '../../common/errors/api-error';
import type { FormErrors } from '../../common/forms/form-errors';
import { throwIfInvalid } from '../../common/forms/form-validation.exception';
import { NOT_VALID } from '../../common/forms/messages';
import type { SubmittedForm } from '../../common/forms/validate-form';
import { links } from '../../common/links';
import { readPlainList } from '../../common/pagination/plain-list';
import { inWriteTransaction } from '../../database/write-transaction';
import { Currency } from '../entities/currency.entity';
import { EXCHANGE_RATE_PAIR_UNIQUE, ExchangeRate } from '../entities/exchange-rate.entity';
import { PAIR_TAKEN, SAME_CURRENCIES } from './exchange-rate-messages';
import type { ExchangeRateForm } from './exchange-rate.form';
import { serializeExchangeRate } from './exchange-rate.serializer';

const CURRENCIES = ['sourceCurrency', 'targetCurrency'] as const;

/** `SRC-TGT` of a path: the two currency codes, or null when it is not of that form. */
function pairOf(identifier: string): [string, string] | null {
  const match = /^([^-]+)-([^-]+)$/.exec(identifier);
  return match === null ? null : [match[1], match[2]];
}

/** Either direction of a pair of currencies (by id). */
const eitherDirection = (a: number, b: number) => ({ $or: [{ sourceCurrency: a, targetCurrency: b }, { sourceCurrency: b, targetCurrency: a }] });

/**
 * The currencies a new rate names, locked FOR SHARE in id order (a currency delete takes FOR UPDATE and
 * so waits for this write, then sees the rate). An empty or unknown code is not valid; the two must differ
 * (two missing ones count as the same, as in the reference).
 */
async function lookUpCurrencies(tx: EntityManager, form: SubmittedForm<ExchangeRateForm>): Promise<{ source: Currency | null; target: Currency | null }> {
  const codes = CURRENCIES.map((field) => (form.errors.has(field) ? null : (form.data[field] ?? null)));
  const wanted = codes.filter((code): code is string => code !== null);
  const rows = wanted.length === 0 ? [] : await tx.find(Currency, { code: { $in: wanted } }, { lockMode: LockMode.PESSIMISTIC_READ, orderBy: { id: 'asc' } });
  const [source, target] = codes.map((code) => rows.find((row) => row.code === code) ?? null);
  CURRENCIES.forEach((field, index) => {
    if ([source, target][index] === null) form.errors.add(field, NOT_VALID);
  });
  if (source?.id === target?.id) form.errors.addRoot(SAME_CURRENCIES);
  return { source, target };
}

/** Adds the root error when a rate of this pair exists in either direction. */
async function checkPairFree(tx: EntityManager, errors: FormErrors, source: Currency, target: Currency): Promise<void> {
  if ((await tx.count(ExchangeRate, eitherDirection(source.id, target.id))) > 0) errors.addRoot(PAIR_TAKEN);
}

/** Exchange rates: a plain list, created, shown, changed (the ratio only) and deleted, found by their pair in either direction. */
@Injectable()
export class ExchangeRatesService {
  constructor(private readonly em: EntityManager) {}

  list(rawQuery: string) {
    return readPlainList(this.em, ExchangeRate, links.exchangeRates(), rawQuery, serializeExchangeRate, { populate: ['sourceCurrency', 'targetCurrency'], strategy: 'joined' });
  }

  async show(identifier: string) {
    const reader = this.em.fork();
    return serializeExchangeRate(await this.find(reader, identifier, false));
  }

  async create(form: SubmittedForm<ExchangeRateForm>) {
    try {
      return await inWriteTransaction(this.em, async (tx) => {
        const { source, target } = await lookUpCurrencies(tx, form);
        if (source !== null && target !== null && source.id !== target.id) await checkPairFree(tx, form.errors, source, target);
        throwIfInvalid(form.errors);
        const rate = tx.create(ExchangeRate, { sourceCurrency: source!, targetCurrency: target!, ratio: form.data.ratio! });
        await tx.flush();
        return serializeExchangeRate(rate);
      });
    } catch (error) {
      // A concurrent request stored the pair first: the same answer as when it was there before.
      if (error instanceof UniqueConstraintViolationException && (error as { constraint?: string }).constraint === EXCHANGE_RATE_PAIR_UNIQUE) {
        form.errors.addRoot(PAIR_TAKEN);
        throwIfInvalid(form.errors);
      }
      throw error;
    }
  }

  /** PUT or PATCH: only the ratio changes (PUT requires it). An unknown pair is a 404 before the form's violations. */
  async update(identifier: string, form: SubmittedForm<ExchangeRateForm>): Promise<void> {
    await inWriteTransaction(this.em, async (tx) => {
      const rate = await this.find(tx, identifier, true);
      throwIfInvalid(form.errors);
      const ratio = form.data.ratio;
      // PUT without a ratio fails its blank rule; PATCH without one keeps it.
      if (ratio === undefined || ratio === null || ratio === rate.ratio) return;
      rate.ratio = ratio;
      await tx.flush();
    });
  }

  async delete(identifier: string): Promise<void> {
    await inWriteTransaction(this.em, async (tx) => {
      const rate = await this.find(tx, identifier, true);
      await tx.nativeDelete(ExchangeRate, { id: rate.id });
    });
  }

  /** The rate of the path's pair in either direction (locked FOR UPDATE when asked), or a 404. */
  private async find(em: EntityManager, identifier: string, lock: boolean): Promise<ExchangeRate> {
    const pair = pairOf(identifier);
    const currencies = pair === null ? [] : await em.find(Currency, { code: { $in: pair } });
    const [a, b] = pair?.map((code) => currencies.find((currency) => currency.code === code)) ?? [];
    if (a === undefined || b === undefined) throw resourceNotFound('exchange rate');
    const rate = await em.findOne(ExchangeRate, eitherDirection(a.id, b.id), lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {});
    if (rate === null) throw resourceNotFound('exchange rate');
    return rate;
  }
}
