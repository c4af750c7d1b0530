import { Transform } from 'class-transformer';
import { IsOptional, IsString, Matches } from 'class-validator';
import { Form } from '../../../common/forms/form-shape';
import { NOT_VALID } from '../../../common/forms/messages';
import { RESOURCE_CODE } from '../../../common/forms/resource-code';
import { StoredIn } from '../../../common/forms/stored-in';
import { MinChars, NotBlank } from '../../../common/forms/text-rules';
import { trimmed, trimmedOrNull } from '../../../common/forms/trim';
import { ShippingCategory } from '../../entities/shipping-category.entity';
import * as m from './shipping-category-messages';

// Rules run from the one nearest the property upwards, and stop at the first failure.

/** Body of POST, PUT and PATCH `/shipping-categories`; `code` is read on POST only (a code never changes). */
@Form({ fields: ['name', 'description', 'code'] })
export class ShippingCategoryForm {
  @StoredIn(ShippingCategory, 'name', { message: m.nameTooLong })
  @MinChars(2, { message: m.NAME_TOO_SHORT })
  @IsString({ message: NOT_VALID })
  @NotBlank({ message: m.NAME_BLANK })
  @Transform(trimmed)
  name?: string | null;

  @StoredIn(ShippingCategory, 'description')
  @IsString({ message: NOT_VALID })
  @IsOptional()
  @Transform(trimmedOrNull)
  description?: string | null;

  @StoredIn(ShippingCategory, 'code', { message: m.codeTooLong })
  @Matches(RESOURCE_CODE, { message: m.CODE_INVALID })
  @IsString({ message: NOT_VALID })
  @NotBlank({ message: m.CODE_BLANK })
  @Transform(trimmed)
  code?: string | null;
}
