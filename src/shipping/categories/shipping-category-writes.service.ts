import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { deleteUnlessReferenced, type DeletableTable } from '../../common/deletion/delete-unless-referenced';
import { resourceNotFound } from '../../common/errors/api-error';
import { throwIfInvalid } from '../../common/forms/form-validation.exception';
import { submittedChanges, type UpdateMode } from '../../common/forms/submitted-changes';
import { checkUnique, withUniqueValue, type UniqueField } from '../../common/forms/unique-value';
import type { SubmittedForm } from '../../common/forms/validate-form';
import { inWriteTransaction } from '../../database/write-transaction';
import { ShippingCategory } from '../entities/shipping-category.entity';
import { CODE_TAKEN } from './forms/shipping-category-messages';
import type { ShippingCategoryForm } from './forms/shipping-category.form';

const UNIQUE_CODE: UniqueField = { entity: ShippingCategory, property: 'code', constraint: 'shipping_category_code_unique', message: CODE_TAKEN };

/** Variants are shipped in their category, and a shipping method may take only one category. */
const SHIPPING_CATEGORIES: DeletableTable = {
  table: 'shipping_category',
  resource: 'shipping category',
  references: [
    { table: 'product_variant', column: 'shipping_category_id', by: 'id' },
    { table: 'shipping_method', column: 'category_id', by: 'id' },
  ],
};

/**
 * Creates, changes and deletes shipping categories, each in one transaction. Shipping categories are
 * part of the shop configuration the pricing cache holds: a trigger moves its version in the same
 * transaction as every insert, update and delete of the table (see src/orders/pricing/shop-configuration-cache.ts).
 */
@Injectable()
export class ShippingCategoryWritesService {
  constructor(private readonly em: EntityManager) {}

  async create(form: SubmittedForm<ShippingCategoryForm>): Promise<ShippingCategory> {
    return withUniqueValue(form.errors, UNIQUE_CODE, () =>
      inWriteTransaction(this.em, async (tx) => {
        await checkUnique(tx, form.errors, UNIQUE_CODE, form.data.code);
        throwIfInvalid(form.errors);
        const category = tx.create(ShippingCategory, { code: form.data.code!, name: form.data.name!, description: form.data.description ?? null });
        await tx.flush();
        return category;
      }),
    );
  }

  /** PUT (`replace`) or PATCH (`merge`); the code never changes. An unknown code is a 404 before the form's violations. */
  async update(code: string, form: SubmittedForm<ShippingCategoryForm>, mode: UpdateMode): Promise<void> {
    await inWriteTransaction(this.em, async (tx) => {
      const category = await tx.findOne(ShippingCategory, { code }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (category === null) throw resourceNotFound('shipping category');
      throwIfInvalid(form.errors);
      const changes = submittedChanges(form.data, { name: null, description: null }, mode);
      if (changes.name != null) category.name = changes.name;
      if (changes.description !== undefined) category.description = changes.description;
      await tx.flush();
    });
  }

  async delete(code: string): Promise<void> {
    await inWriteTransaction(this.em, (tx) => deleteUnlessReferenced(tx, SHIPPING_CATEGORIES, code));
  }
}
