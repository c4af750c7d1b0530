import { Transform } from 'class-transformer';
import { IsOptional, IsString } from 'class-validator';
import { Form } from '../../../common/forms/form-shape';
import { NOT_VALID } from '../../../common/forms/messages';
import { StoredIn } from '../../../common/forms/stored-in';
import { NotBlank } from '../../../common/forms/text-rules';
import { trimmed, trimmedOrNull } from '../../../common/forms/trim';
import { TaxonTranslation } from '../taxon-translation.entity';
import * as m from './taxon-messages';

// Rules run from the one nearest the property upwards, and stop at the first failure.

/** The texts of a taxon in one locale (`translations.<locale>`). */
@Form({ fields: ['name', 'slug', 'description'] })
export class TaxonTranslationForm {
  @StoredIn(TaxonTranslation, 'name', { message: m.nameTooLong })
  @IsString({ message: NOT_VALID })
  @NotBlank({ message: m.NAME_BLANK })
  @Transform(trimmed)
  name?: string | null;

  @StoredIn(TaxonTranslation, 'slug', { message: m.slugTooLong })
  @IsString({ message: NOT_VALID })
  @NotBlank({ message: m.SLUG_BLANK })
  @Transform(trimmed)
  slug?: string | null;

  @StoredIn(TaxonTranslation, 'description')
  @IsString({ message: NOT_VALID })
  @IsOptional()
  @Transform(trimmedOrNull)
  description?: string | null;
}
