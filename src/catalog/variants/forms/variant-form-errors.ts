import { ApiError } from '../../../common/errors/api-error';
import type { FormErrors } from '../../../common/forms/form-errors';
import { KeyedFormErrors } from '../../forms/keyed-form-errors';
import { PRICING_FIELDS, TRANSLATION_FIELDS } from './variant-form-maps';

/** The row keys of the variant form's maps: the locales and channels there are, the product's options. */
export interface VariantFormKeys {
  locales: readonly string[];
  channels: readonly string[];
  options: readonly string[];
}

/**
 * The violations of a variant form: those of its plain fields (the form pipe's, and the service's
 * lookups), and those of its three maps, whose children are the rows of `keys`.
 */
export class VariantFormErrors {
  readonly translations: KeyedFormErrors;
  readonly channelPricings: KeyedFormErrors;
  readonly optionValues: KeyedFormErrors;

  constructor(
    readonly form: FormErrors,
    keys: VariantFormKeys,
  ) {
    this.translations = new KeyedFormErrors(keys.locales, TRANSLATION_FIELDS);
    this.channelPricings = new KeyedFormErrors(keys.channels, PRICING_FIELDS);
    this.optionValues = new KeyedFormErrors(keys.options, null);
  }

  get isValid(): boolean {
    return this.form.isValid && this.translations.isValid && this.channelPricings.isValid && this.optionValues.isValid;
  }

  /** The `errors` tree: the form's, with the maps' children in place of their plain nodes. */
  toJSON(): Record<string, unknown> {
    const tree = this.form.toJSON() as { errors?: string[]; children: Record<string, unknown> };
    tree.children.translations = this.translations.toJSON();
    tree.children.channelPricings = this.channelPricings.toJSON();
    tree.children.optionValues = this.optionValues.toJSON();
    return tree;
  }

  /** The form's answer with this status: 400 for invalid values, 409 for a stale version. */
  answer(status: 400 | 409): ApiError {
    return new ApiError(status, { code: status, message: 'Validation Failed', errors: this.toJSON() });
  }

  throwIfInvalid(): void {
    if (!this.isValid) throw this.answer(400);
  }
}
