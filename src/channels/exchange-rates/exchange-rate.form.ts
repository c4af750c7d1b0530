import { Transform } from 'class-transformer';
import { IsOptional, IsString } from 'class-validator';
import { Form } from '../../common/forms/form-shape';
import { NOT_VALID } from '../../common/forms/messages';
import { RefersTo } from '../../common/forms/stored-in';
import { NotBlank } from '../../common/forms/text-rules';
import { trimmedOrNull } from '../../common/forms/trim';
import { Currency } from '../entities/currency.entity';
import * as m from './exchange-rate-messages';
import { IsFiniteNumber, IsPositive, ratioValue } from './ratio';

// Rules run from the one nearest the property upwards, and stop at the first failure.

/**
 * Body of POST, PUT and PATCH `/exchange-rates`. The currencies are codes, looked up by the service
 * (an empty or unknown one is not valid), and read on POST only.
 */
@Form({ fields: ['ratio', 'sourceCurrency', 'targetCurrency'] })
export class ExchangeRateForm {
  @IsPositive({ message: m.RATIO_NOT_POSITIVE })
  @IsFiniteNumber({ message: m.RATIO_NOT_A_NUMBER })
  @NotBlank({ message: m.RATIO_BLANK })
  @Transform(ratioValue)
  ratio?: number | null;

  @RefersTo(Currency, 'code')
  @IsString({ message: NOT_VALID })
  @IsOptional()
  @Transform(trimmedOrNull)
  sourceCurrency?: string | null;

  @RefersTo(Currency, 'code')
  @IsString({ message: NOT_VALID })
  @IsOptional()
  @Transform(trimmedOrNull)
  targetCurrency?: string | null;
}
