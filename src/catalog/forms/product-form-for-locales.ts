import { Type } from 'class-transformer';
import { IsOptional, ValidateNested } from 'class-validator';
import { Form } from '../../common/forms/form-shape';
import { IsPlainObject } from '../../common/forms/is-plain-object';
import { NOT_VALID } from '../../common/forms/messages';
import { PRODUCT_FORM, ProductForm } from './product.form';
import { ProductTranslationForm } from './product-translation.form';

/** A nested form under `key` of `form`: an object (validated as `nested`), or null or absent when `optional`. */
function declareNested(form: object, key: string, nested: () => new () => object, optional: boolean): void {
  Type(nested)(form, key);
  if (optional) IsOptional()(form, key);
  IsPlainObject({ message: NOT_VALID })(form, key);
  ValidateNested()(form, key);
}

function buildForm(locales: readonly string[]): new () => ProductForm {
  class ProductTranslations {}
  for (const locale of locales) declareNested(ProductTranslations.prototype, locale, () => ProductTranslationForm, true);
  Form({ fields: locales, subForms: Object.fromEntries(locales.map((locale) => [locale, ProductTranslationForm])) })(ProductTranslations);

  class LocalizedProductForm extends ProductForm {}
  declareNested(LocalizedProductForm.prototype, 'translations', () => ProductTranslations, false);
  Form({ ...PRODUCT_FORM, subForms: { translations: ProductTranslations } })(LocalizedProductForm);
  return LocalizedProductForm;
}

/** One form per set of locales; a shop has few, and they rarely change. */
const formsByLocales = new Map<string, new () => ProductForm>();

/**
 * The product form of a shop with these locales (in this order): `translations` has one child per locale,
 * as the 400 tree lists them, and a key that is no locale of the shop is an extra field.
 */
export function productFormFor(locales: readonly string[]): new () => ProductForm {
  const key = JSON.stringify(locales);
  let form = formsByLocales.get(key);
  if (form === undefined) {
    form = buildForm(locales);
    formsByLocales.set(key, form);
  }
  return form;
}
