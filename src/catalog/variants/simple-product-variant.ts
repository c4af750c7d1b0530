import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ApiError } from '../../common/errors/api-error';
import type { FormErrors } from '../../common/forms/form-errors';
import { NOT_VALID } from '../../common/forms/messages';
import type { UpdateMode } from '../../common/forms/submitted-changes';
import { isPlainObject, validateForm, type ValidateFormOptions } from '../../common/forms/validate-form';
import { ProductVariant } from '../entities/product-variant.entity';
import type { Product } from '../entities/product.entity';
import { readVariantForm, type CheckedVariant } from './forms/check-variant-form';
import { VERSION_STALE } from './forms/variant-messages';
import { VariantForm } from './forms/variant.form';
import { applyVariantChanges, variantState } from './apply-variant-changes';

/** How PUT (`replace`) and PATCH (`merge`) of a variant read its form: `code` is a child that is never read. */
export function variantUpdateFormOptions(mode: UpdateMode): ValidateFormOptions {
  return mode === 'replace' ? { disabled: ['code'] } : { disabled: ['code'], partial: true, validateNulls: true };
}

/** The single variant of a simple product, checked for a product write that sent `variant`. */
interface SimpleVariantWrite {
  variant: ProductVariant;
  checked: CheckedVariant;
}

/**
 * Reads the product form's `variant` (a simple product's only variant): locks the variant FOR UPDATE
 * (level 5 of src/database/lock-order.ts; the product write holds its product FOR UPDATE already, which
 * also keeps it simple) and checks the variant form, in the product's mode, as the variant routes do,
 * against the channels the product is in after the write. Its violations become the node of `variant`
 * in the product's tree; a value that is no object is "not valid" there. Nothing sent: undefined.
 */
export async function checkSimpleProductVariant(
  tx: EntityManager,
  errors: FormErrors,
  body: unknown,
  mode: UpdateMode,
  product: Product,
  productChannels: readonly string[] | undefined,
): Promise<SimpleVariantWrite | undefined> {
  if (body === undefined || body === null) return undefined;
  if (!isPlainObject(body)) {
    errors.add('variant', NOT_VALID);
    return undefined;
  }
  const variant = await tx.findOneOrFail(ProductVariant, { product }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  await tx.populate(variant, ['translations', 'channelPricings', 'optionValues']);
  const form = validateForm(VariantForm, body, variantUpdateFormOptions(mode));
  const checked = await readVariantForm(tx, form, mode, { productId: product.id, variant, ...(productChannels !== undefined && { productChannels }) });
  errors.nest('variant', checked.errors);
  return { variant, checked };
}

/**
 * After the whole product form is valid: a `version` other than the variant's is a 409 with the
 * product's tree (its message at `variant.version`), as the variant routes answer it.
 */
export function checkSimpleVariantVersion(errors: FormErrors, write: SimpleVariantWrite): void {
  const { checked, variant } = write;
  if (checked.version === null || checked.version === variant.version) return;
  checked.errors.form.add('version', VERSION_STALE);
  throw new ApiError(409, { code: 409, message: 'Validation Failed', errors: errors.toJSON() });
}

/** Sets the checked form on the variant; whether it changed (then its version moves). */
export function applySimpleVariant(tx: EntityManager, write: SimpleVariantWrite): boolean {
  const before = variantState(write.variant);
  applyVariantChanges(tx, write.variant, write.checked);
  if (variantState(write.variant) === before) return false;
  write.variant.countChange();
  return true;
}
