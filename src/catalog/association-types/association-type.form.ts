import { Transform } from 'class-transformer';
import { IsString, Matches } from 'class-validator';
import { Form } from '../../common/forms/form-shape';
import { NOT_VALID } from '../../common/forms/messages';
import { RESOURCE_CODE } from '../../common/forms/resource-code';
import { StoredIn } from '../../common/forms/stored-in';
import { MinChars, NotBlank } from '../../common/forms/text-rules';
import { trimmed } from '../../common/forms/trim';
import { TranslationsForm } from '../translations/translations-form';
import * as m from './association-type-messages';
import { ProductAssociationTypeTranslation } from './product-association-type-translation.entity';
import { ProductAssociationType } from './product-association-type.entity';

/**
 * Body of POST, PUT and PATCH `/product-association-types`; `code` is read on POST only (a code never
 * changes). `translations` is read by ASSOCIATION_TYPE_TRANSLATIONS, which knows the shop's locales.
 */
@Form({ fields: ['translations', 'code'] })
export class AssociationTypeForm {
  translations?: unknown;

  @StoredIn(ProductAssociationType, 'code', { message: m.codeTooLong })
  @Matches(RESOURCE_CODE, { message: m.CODE_INVALID })
  @MinChars(2, { message: m.CODE_TOO_SHORT })
  @IsString({ message: NOT_VALID })
  @NotBlank({ message: m.CODE_BLANK })
  @Transform(trimmed)
  code?: string | null;
}

export const ASSOCIATION_TYPE_TRANSLATIONS = new TranslationsForm([
  { field: 'name', entity: ProductAssociationTypeTranslation, property: 'name', blank: m.NAME_BLANK, min: { chars: 2, message: m.NAME_TOO_SHORT }, tooLong: m.nameTooLong },
]);
