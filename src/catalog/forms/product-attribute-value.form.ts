import { Transform } from 'class-transformer';
import { IsString } from 'class-validator';
import { Locale } from '../../channels/entities/locale.entity';
import { Form } from '../../common/forms/form-shape';
import { NOT_BLANK, NOT_VALID } from '../../common/forms/messages';
import { RefersTo } from '../../common/forms/stored-in';
import { NotBlank } from '../../common/forms/text-rules';
import { trimmed } from '../../common/forms/trim';
import { ProductAttribute } from '../attributes/product-attribute.entity';
import { ATTRIBUTE_BLANK } from './product-messages';

/**
 * One entry of a product's `attributes`: the attribute by code, the locale, and the value, which the
 * service reads against the attribute's type and configuration (attribute-values.ts).
 */
@Form({ fields: ['attribute', 'localeCode', 'value'] })
export class ProductAttributeValueForm {
  @RefersTo(ProductAttribute, 'code')
  @IsString({ message: NOT_VALID })
  @NotBlank({ message: ATTRIBUTE_BLANK })
  @Transform(trimmed)
  attribute?: string | null;

  @RefersTo(Locale, 'code')
  @IsString({ message: NOT_VALID })
  @NotBlank({ message: NOT_BLANK })
  @Transform(trimmed)
  localeCode?: string | null;

  value?: unknown;
}
