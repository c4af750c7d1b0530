import { Transform } from 'class-transformer';
import { IsOptional, IsString } from 'class-validator';
import { Form } from '../../common/forms/form-shape';
import { NOT_VALID } from '../../common/forms/messages';
import { StoredIn } from '../../common/forms/stored-in';
import { MinChars, NotBlank } from '../../common/forms/text-rules';
import { trimmed, trimmedOrNull } from '../../common/forms/trim';
import { ProductTranslation } from '../entities/product-translation.entity';
import * as m from './product-messages';

// Rules run from the one nearest the property upwards, and stop at the first failure.

/** The texts of a product in one locale (`translations.<locale>`). */
@Form({ fields: ['name', 'slug', 'description', 'metaKeywords', 'metaDescription', 'shortDescription'] })
export class ProductTranslationForm {
  @StoredIn(ProductTranslation, 'name', { message: m.nameTooLong })
  @MinChars(2, { message: m.NAME_TOO_SHORT })
  @IsString({ message: NOT_VALID })
  @NotBlank({ message: m.NAME_BLANK })
  @Transform(trimmed)
  name?: string | null;

  @StoredIn(ProductTranslation, 'slug', { message: m.slugTooLong })
  @IsString({ message: NOT_VALID })
  @NotBlank({ message: m.SLUG_BLANK })
  @Transform(trimmed)
  slug?: string | null;

  @StoredIn(ProductTranslation, 'description')
  @IsString({ message: NOT_VALID })
  @IsOptional()
  @Transform(trimmedOrNull)
  description?: string | null;

  @StoredIn(ProductTranslation, 'metaKeywords')
  @IsString({ message: NOT_VALID })
  @IsOptional()
  @Transform(trimmedOrNull)
  metaKeywords?: string | null;

  @StoredIn(ProductTranslation, 'metaDescription')
  @IsString({ message: NOT_VALID })
  @IsOptional()
  @Transform(trimmedOrNull)
  metaDescription?: string | null;

  @StoredIn(ProductTranslation, 'shortDescription')
  @IsString({ message: NOT_VALID })
  @IsOptional()
  @Transform(trimmedOrNull)
  shortDescription?: string | null;
}
