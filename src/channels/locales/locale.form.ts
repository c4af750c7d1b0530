import { Transform } from 'class-transformer';
import { IsString, ValidateBy, type ValidationOptions } from 'class-validator';
import { Form } from '../../common/forms/form-shape';
import { NOT_VALID } from '../../common/forms/messages';
import { StoredIn } from '../../common/forms/stored-in';
import { NotBlank } from '../../common/forms/text-rules';
import { trimmed } from '../../common/forms/trim';
import { Locale } from '../entities/locale.entity';
import { isLocaleCode } from './locale-code';
import { CODE_BLANK } from './locale-messages';

function IsLocaleCode(options: ValidationOptions): PropertyDecorator {
  return ValidateBy({ name: 'isLocaleCode', validator: { validate: (value: unknown) => typeof value === 'string' && isLocaleCode(value) } }, options);
}

// Rules run from the one nearest the property upwards, and stop at the first failure.

/** Body of POST `/locales` (a locale is never changed, only created and deleted). */
@Form({ fields: ['code'] })
export class LocaleForm {
  @IsLocaleCode({ message: NOT_VALID })
  @StoredIn(Locale, 'code')
  @IsString({ message: NOT_VALID })
  @NotBlank({ message: CODE_BLANK })
  @Transform(trimmed)
  code?: string | null;
}
