import { Transform } from 'class-transformer';
import { IsOptional, IsString, Matches } from 'class-validator';
import { Form } from '../../common/forms/form-shape';
import { integerRange, IsIntegerIn } from '../../common/forms/integer-range';
import { tooLong, NOT_VALID } from '../../common/forms/messages';
import { RESOURCE_CODE } from '../../common/forms/resource-code';
import { StoredIn } from '../../common/forms/stored-in';
import { NotBlank } from '../../common/forms/text-rules';
import { trimmed } from '../../common/forms/trim';
import { ProductOptionValueTranslation } from '../entities/product-option-value-translation.entity';
import { ProductOptionValue } from '../entities/product-option-value.entity';
import { ProductOption } from '../entities/product-option.entity';
import { TranslationsForm } from '../translations/translations-form';
import * as m from './product-option-messages';
import { ProductOptionTranslation } from './product-option-translation.entity';

export const POSITION_RANGE = integerRange('integer', { min: 0 });

/**
 * One entry of `values`: an entry whose code is a value of the option changes that value's translations,
 * any other adds a value. `translations` is read by VALUE_TRANSLATIONS, which knows the shop's locales.
 */
@Form({ fields: ['translations', 'code'] })
export class OptionValueForm {
  translations?: unknown;

  @StoredIn(ProductOptionValue, 'code')
  @Matches(RESOURCE_CODE, { message: m.VALUE_CODE_INVALID })
  @IsString({ message: NOT_VALID })
  @NotBlank({ message: m.VALUE_CODE_BLANK })
  @Transform(trimmed)
  code?: string | null;
}

/**
 * Body of POST, PUT and PATCH `/product-options`; `code` is read on POST only (a code never changes).
 * `translations` is read by OPTION_TRANSLATIONS.
 */
@Form({ fields: ['position', 'translations', 'values', 'code'], lists: { values: OptionValueForm } })
export class ProductOptionForm {
  @IsIntegerIn(POSITION_RANGE, { tooLow: m.POSITION_TOO_LOW, tooHigh: m.POSITION_TOO_HIGH })
  @IsOptional()
  position?: number | null;

  translations?: unknown;

  values?: Map<number, OptionValueForm>;

  @StoredIn(ProductOption, 'code')
  @Matches(RESOURCE_CODE, { message: m.CODE_INVALID })
  @IsString({ message: NOT_VALID })
  @NotBlank({ message: m.CODE_BLANK })
  @Transform(trimmed)
  code?: string | null;
}

export const OPTION_TRANSLATIONS = new TranslationsForm([
  { field: 'name', entity: ProductOptionTranslation, property: 'name', blank: m.NAME_BLANK, min: { chars: 2, message: m.NAME_TOO_SHORT }, tooLong: m.nameTooLong },
]);

export const VALUE_TRANSLATIONS = new TranslationsForm([{ field: 'value', entity: ProductOptionValueTranslation, property: 'value', blank: m.VALUE_BLANK, tooLong }]);
