import { Transform } from 'class-transformer';
import { IsOptional, IsString, Matches } from 'class-validator';
import { Form } from '../../../common/forms/form-shape';
import { NOT_VALID } from '../../../common/forms/messages';
import { RESOURCE_CODE } from '../../../common/forms/resource-code';
import { RefersTo, StoredIn } from '../../../common/forms/stored-in';
import { NotBlank } from '../../../common/forms/text-rules';
import { trimmed, trimmedOrNull } from '../../../common/forms/trim';
import { Taxon } from '../../entities/taxon.entity';
import * as m from './taxon-messages';
import { TaxonTranslationForm } from './taxon-translation.form';

// Rules run from the one nearest the property upwards, and stop at the first failure.

/**
 * Body of POST, PUT and PATCH `/taxons`: texts per locale, the code (read on POST only: a code never
 * changes) and the parent's code (none: a root). `translations` is a map keyed by locale code, read by the
 * service against the shop's locales (src/common/forms/keyed-forms.ts).
 */
@Form({
  fields: ['translations', 'code', 'parent'],
  keyed: { translations: TaxonTranslationForm },
})
export class TaxonForm {
  translations?: unknown;

  @StoredIn(Taxon, 'code', { message: m.codeTooLong })
  @Matches(RESOURCE_CODE, { message: m.CODE_INVALID })
  @IsString({ message: NOT_VALID })
  @NotBlank({ message: m.CODE_BLANK })
  @Transform(trimmed)
  code?: string | null;

  @RefersTo(Taxon, 'code')
  @IsString({ message: NOT_VALID })
  @IsOptional()
  @Transform(trimmedOrNull)
  parent?: string | null;
}
