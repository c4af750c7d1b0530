import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { Zone } from '../addressing/entities/zone.entity';
import { deleteUnlessReferenced, type DeletableTable } from '../common/deletion/delete-unless-referenced';
import { resourceNotFound } from '../common/errors/api-error';
import { referencedByCode } from '../common/forms/code-reference';
import { throwIfInvalid } from '../common/forms/form-validation.exception';
import { submittedChanges, type UpdateMode } from '../common/forms/submitted-changes';
import { checkUnique, withUniqueValue, type UniqueField } from '../common/forms/unique-value';
import type { SubmittedForm } from '../common/forms/validate-form';
import { inWriteTransaction } from '../database/write-transaction';
import { TaxCategory } from './entities/tax-category.entity';
import { TaxRate } from './entities/tax-rate.entity';
import { roundedTo } from '../common/forms/decimal-input';
import { CODE_TAKEN } from './forms/tax-rate-messages';
import { TAX_AMOUNT_PLACES, type TaxRateForm } from './forms/tax-rate.form';

const UNIQUE_CODE: UniqueField = { entity: TaxRate, property: 'code', constraint: 'tax_rate_code_unique', message: CODE_TAKEN };

/** Nothing refers to a tax rate: the tax adjustments of orders copy its label and amount, so it can always go. */
const TAX_RATES: DeletableTable = { table: 'tax_rate', resource: 'tax rate', references: [] };

/** Zones a tax rate may apply in. */
const TAX_ZONES = { scope: { $in: ['tax', 'all'] } } as const;

/**
 * Creates, changes and deletes tax rates, each in one transaction. Tax rates are part of the shop
 * configuration the pricing cache holds: a trigger moves its version in the same transaction as every
 * insert, update and delete of the table, so the next cart processed on any instance uses the change
 * (see src/orders/pricing/shop-configuration-cache.ts); carts keep their totals until they next change.
 */
@Injectable()
export class TaxRateWritesService {
  constructor(private readonly em: EntityManager) {}

  async create(form: SubmittedForm<TaxRateForm>): Promise<TaxRate> {
    const data = form.data;
    return withUniqueValue(form.errors, UNIQUE_CODE, () =>
      inWriteTransaction(this.em, async (tx) => {
        await checkUnique(tx, form.errors, UNIQUE_CODE, data.code);
        const category = await referencedByCode(tx, form.errors, 'category', TaxCategory, data.category);
        const zone = await referencedByCode(tx, form.errors, 'zone', Zone, data.zone, TAX_ZONES);
        throwIfInvalid(form.errors);
        const rate = tx.create(TaxRate, {
          code: data.code!,
          name: data.name!,
          category: category!,
          zone: zone!,
          amount: roundedTo(data.amount!, TAX_AMOUNT_PLACES),
          includedInPrice: data.includedInPrice ?? false,
          calculator: data.calculator ?? 'default',
        });
        await tx.flush();
        return rate;
      }),
    );
  }

  /** PUT (`replace`) or PATCH (`merge`); the code never changes. An unknown code is a 404 before the form's violations. */
  async update(code: string, form: SubmittedForm<TaxRateForm>, mode: UpdateMode): Promise<void> {
    await inWriteTransaction(this.em, async (tx) => {
      const rate = await tx.findOne(TaxRate, { code }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (rate === null) throw resourceNotFound('tax rate');
      const changes = submittedChanges(
        form.data,
        { name: null, category: null, zone: null, amount: null, includedInPrice: false, calculator: null },
        mode,
      );
      const category = await referencedByCode(tx, form.errors, 'category', TaxCategory, changes.category);
      const zone = await referencedByCode(tx, form.errors, 'zone', Zone, changes.zone, TAX_ZONES);
      throwIfInvalid(form.errors);
      if (changes.name != null) rate.name = changes.name;
      if (category !== null) rate.category = category;
      if (zone !== null) rate.zone = zone;
      if (changes.amount != null) rate.amount = roundedTo(changes.amount, TAX_AMOUNT_PLACES);
      if (changes.includedInPrice !== undefined) rate.includedInPrice = changes.includedInPrice;
      if (changes.calculator !== undefined) rate.calculator = changes.calculator ?? 'default';
      await tx.flush();
    });
  }

  async delete(code: string): Promise<void> {
    await inWriteTransaction(this.em, (tx) => deleteUnlessReferenced(tx, TAX_RATES, code));
  }
}
