import { Transform } from 'class-transformer';
import { IsOptional, IsString, Matches } from 'class-validator';
import { Form } from '../../common/forms/form-shape';
import { NOT_VALID } from '../../common/forms/messages';
import { RESOURCE_CODE } from '../../common/forms/resource-code';
import { StoredIn } from '../../common/forms/stored-in';
import { MinChars, NotBlank } from '../../common/forms/text-rules';
import { trimmed, trimmedOrNull } from '../../common/forms/trim';
import { TaxCategory } from '../entities/tax-category.entity';
import * as m from './tax-category-messages';

// Rules run from the one nearest the property upwards, and stop at the first failure.

/** Body of POST, PUT and PATCH `/tax-categories`; `code` is read on POST only (a code never changes). */
@Form({ fields: ['name', 'description', 'code'] })
export class TaxCategoryForm {
  @StoredIn(TaxCategory, 'name', { message: m.nameTooLong })
  @MinChars(2, { message: m.NAME_TOO_SHORT })
  @IsString({ message: NOT_VALID })
  @NotBlank({ message: m.NAME_BLANK })
  @Transform(trimmed)
  name?: string | null;

  @StoredIn(TaxCategory, 'description')
  @IsString({ message: NOT_VALID })
  @IsOptional()
  @Transform(trimmedOrNull)
  description?: string | null;

  @StoredIn(TaxCategory, 'code', { message: m.codeTooLong })
  @Matches(RESOURCE_CODE, { message: m.CODE_INVALID })
  @IsString({ message: NOT_VALID })
  @NotBlank({ message: m.CODE_BLANK })
  @Transform(trimmed)
  code?: string | null;
}
