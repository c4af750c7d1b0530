import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional, IsString, Matches } from 'class-validator';
import { Channel } from '../../channels/entities/channel.entity';
import { checkbox } from '../../common/forms/checkbox';
import { Form } from '../../common/forms/form-shape';
import { NOT_VALID } from '../../common/forms/messages';
import { IsPosition } from '../../common/forms/position';
import { RESOURCE_CODE } from '../../common/forms/resource-code';
import { RefersTo, StoredIn } from '../../common/forms/stored-in';
import { MinChars, NotBlank } from '../../common/forms/text-rules';
import { trimmed, trimmedOrNull } from '../../common/forms/trim';
import { IsStringList } from '../../customers/forms/form-values';
import { PaymentMethodTranslation } from '../entities/payment-method-translation.entity';
import { PaymentMethod } from '../entities/payment-method.entity';
import * as m from './payment-method-messages';

// Rules run from the one nearest the property upwards, and stop at the first failure.

/** One translation of a payment method, under its locale code in `translations`. */
@Form({ fields: ['name', 'description', 'instructions'] })
export class PaymentMethodTranslationForm {
  @StoredIn(PaymentMethodTranslation, 'name', { message: m.nameTooLong })
  @MinChars(2, { message: m.NAME_TOO_SHORT })
  @IsString({ message: NOT_VALID })
  @NotBlank({ message: m.NAME_BLANK })
  @Transform(trimmed)
  name?: string | null;

  @StoredIn(PaymentMethodTranslation, 'description')
  @IsString({ message: NOT_VALID })
  @IsOptional()
  @Transform(trimmedOrNull)
  description?: string | null;

  @StoredIn(PaymentMethodTranslation, 'instructions')
  @IsString({ message: NOT_VALID })
  @IsOptional()
  @Transform(trimmedOrNull)
  instructions?: string | null;
}

/**
 * Body of POST, PUT and PATCH `/payment-methods`; `code` is read on POST only (a code never changes).
 * `translations` is a map keyed by locale code, read by the service against the shop's locales
 * (src/common/forms/keyed-forms.ts).
 */
@Form({ fields: ['position', 'enabled', 'translations', 'channels', 'code'], keyed: { translations: PaymentMethodTranslationForm } })
export class PaymentMethodForm {
  @IsPosition()
  @IsOptional()
  position?: number | null;

  @IsBoolean({ message: NOT_VALID })
  @IsOptional()
  @Transform(checkbox)
  enabled?: boolean;

  @IsOptional()
  translations?: unknown;

  /** Channel codes. */
  @RefersTo(Channel, 'code')
  @IsStringList(RESOURCE_CODE, { message: NOT_VALID })
  @IsOptional()
  channels?: string[] | null;

  @StoredIn(PaymentMethod, 'code', { message: m.codeTooLong })
  @Matches(RESOURCE_CODE, { message: m.CODE_INVALID })
  @IsString({ message: NOT_VALID })
  @NotBlank({ message: m.CODE_BLANK })
  @Transform(trimmed)
  code?: string | null;
}
