import { Transform } from 'class-transformer';
import { IsString, ValidateBy, type ValidationOptions } from 'class-validator';
import { Form } from '../../common/forms/form-shape';
import { NOT_VALID } from '../../common/forms/messages';
import { StoredIn } from '../../common/forms/stored-in';
import { MinChars, NotBlank } from '../../common/forms/text-rules';
import { trimmed } from '../../common/forms/trim';
import { Currency } from '../entities/currency.entity';
import { isCurrencyCode } from './currency-code';
import { CODE_BLANK, CODE_LENGTH } from './currency-messages';

function IsCurrencyCode(options: ValidationOptions): PropertyDecorator {
  return ValidateBy({ name: 'isCurrencyCode', validator: { validate: (value: unknown) => typeof value === 'string' && isCurrencyCode(value) } }, options);
}

// Rules run from the one nearest the property upwards, and stop at the first failure.

/** Body of POST `/currencies` (a currency is never changed, only created and deleted). */
@Form({ fields: ['code'] })
export class CurrencyForm {
  @IsCurrencyCode({ message: NOT_VALID })
  // The column holds exactly three characters, which is the code's own rule.
  @StoredIn(Currency, 'code', { message: () => CODE_LENGTH })
  @MinChars(3, { message: CODE_LENGTH })
  @IsString({ message: NOT_VALID })
  @NotBlank({ message: CODE_BLANK })
  @Transform(trimmed)
  code?: string | null;
}
