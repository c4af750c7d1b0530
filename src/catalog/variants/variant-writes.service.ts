import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { deleteUnlessReferenced, type DeletableTable } from '../../common/deletion/delete-unless-referenced';
import { resourceNotFound } from '../../common/errors/api-error';
import type { SubmittedForm } from '../../common/forms/validate-form';
import { inWriteTransaction } from '../../database/write-transaction';
import { EventOutbox } from '../../events';
import { Product } from '../entities/product.entity';
import { ProductVariant } from '../entities/product-variant.entity';
import { findVariant } from '../queries/variant.read-model';
import { serializeVariant } from '../serializers/variant.serializer';
import { checkVariantForm, UNIQUE_VARIANT_CODE } from './forms/check-variant-form';
import type { VariantFormErrors } from './forms/variant-form-errors';
import type { VariantFormMode } from './forms/variant-form-maps';
import { CODE_TAKEN, VERSION_STALE } from './forms/variant-messages';
import type { VariantForm } from './forms/variant.form';
import { applyVariantChanges, variantState } from './apply-variant-changes';

/** Order lines (of carts and of placed orders alike) name the variant they sell. */
const VARIANTS: DeletableTable = {
  table: 'product_variant',
  resource: 'product variant',
  references: [{ table: 'order_item', column: 'variant_id', by: 'id' }],
};

/**
 * Locks the product a variant is created or changed under (FOR NO KEY UPDATE, level 4a of
 * src/database/lock-order.ts, before any variant): creates and changes of one product's variants then
 * run one after another, so the next position and the option sets compared are still true at commit.
 */
const LOCK_PRODUCT = `select id from product where code = ? for no key update`;

const NEXT_POSITION = `select coalesce(max(position) + 1, 0) as position from product_variant where product_id = ?`;

const VARIANT_OF_PRODUCT = `select v.id from product_variant v join product p on p.id = v.product_id where p.code = ? and v.code = ?`;

async function lockProduct(tx: EntityManager, code: string): Promise<Product | null> {
  const [row] = await tx.execute<Array<{ id: number }>>(LOCK_PRODUCT, [code]);
  return row === undefined ? null : tx.getReference(Product, row.id);
}

/** The variant as GET answers it, read in the write's transaction: the answer to POST and the data of its event. */
export async function variantBody(tx: EntityManager, productCode: string, code: string) {
  const variant = await findVariant(tx, productCode, code);
  if (variant === null) throw new Error(`The variant ${code} just written cannot be read`);
  return serializeVariant(variant);
}

const isCodeTaken = (error: unknown): boolean =>
  error instanceof UniqueConstraintViolationException && (error as { constraint?: string }).constraint === UNIQUE_VARIANT_CODE.constraint;

/**
 * Creates, changes and deletes product variants, each in one transaction with its event. Prices and
 * stock are read fresh by the pricing engine at every cart change (they are not part of the cached shop
 * configuration), so the next cart change on any instance prices with what a write committed; carts
 * keep their totals until they next change. Locks: the product (level 4a), then the variant FOR UPDATE
 * (level 5, as checkout completion and order actions lock it for its stock), then the event counter.
 */
@Injectable()
export class VariantWritesService {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: EventOutbox,
  ) {}

  /** POST: the new variant as GET shows it. An unknown product is a 404 before the form's violations. */
  async create(productCode: string, form: SubmittedForm<VariantForm>) {
    let errors: VariantFormErrors | undefined;
    try {
      return await inWriteTransaction(this.em, async (tx) => {
        const product = await lockProduct(tx, productCode);
        if (product === null) throw resourceNotFound('product');
        const checked = await checkVariantForm(tx, form, 'create', { productId: product.id, variant: null });
        errors = checked.errors;
        const [{ position }] = await tx.execute<Array<{ position: number }>>(NEXT_POSITION, [product.id]);
        const variant = tx.create(ProductVariant, { code: checked.code!, product, position });
        applyVariantChanges(tx, variant, checked);
        await tx.flush();
        const body = await variantBody(tx, productCode, variant.code);
        await this.outbox.record(tx, { type: 'product_variant.created', data: body });
        return body;
      });
    } catch (error) {
      // A concurrent create took the code first: the same 400 as when it was taken before.
      if (isCodeTaken(error) && errors !== undefined) {
        errors.form.add('code', CODE_TAKEN);
        throw errors.answer(400);
      }
      throw error;
    }
  }

  /**
   * PUT (`replace`) or PATCH (`merge`); the code never changes. A `version` other than the variant's is a
   * 409 (someone changed it since the client read it); a write that changes nothing moves no version and
   * records no event.
   */
  async update(productCode: string, code: string, form: SubmittedForm<VariantForm>, mode: Exclude<VariantFormMode, 'create'>): Promise<void> {
    await inWriteTransaction(this.em, async (tx) => {
      const product = await lockProduct(tx, productCode);
      const variant = product === null ? null : await tx.findOne(ProductVariant, { code, product }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (product === null || variant === null) throw resourceNotFound('product variant');
      await tx.populate(variant, ['translations', 'channelPricings', 'optionValues']);
      const checked = await checkVariantForm(tx, form, mode, { productId: product.id, variant });
      if (checked.version !== null && checked.version !== variant.version) {
        checked.errors.form.add('version', VERSION_STALE);
        throw checked.errors.answer(409);
      }
      const before = variantState(variant);
      applyVariantChanges(tx, variant, checked);
      if (variantState(variant) === before) return;
      variant.countChange();
      await tx.flush();
      await this.outbox.record(tx, { type: 'product_variant.updated', data: await variantBody(tx, productCode, code) });
    });
  }

  /** A variant that a cart or an order holds is kept (409); its prices, translations and option values go with it. */
  async delete(productCode: string, code: string): Promise<void> {
    await inWriteTransaction(this.em, async (tx) => {
      const [row] = await tx.execute<Array<{ id: number }>>(VARIANT_OF_PRODUCT, [productCode, code]);
      if (row === undefined) throw resourceNotFound('product variant');
      // Locks the variant FOR UPDATE (level 5), which waits for a cart line being added to commit and then sees it.
      await deleteUnlessReferenced(tx, VARIANTS, code);
      await this.outbox.record(tx, { type: 'product_variant.deleted', data: { id: row.id, code, productCode } });
    });
  }
}
