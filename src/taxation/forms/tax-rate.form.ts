import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsNumber, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import { Zone } from '../../addressing/entities/zone.entity';
import { checkbox } from '../../common/forms/checkbox';
import { Form } from '../../common/forms/form-shape';
import { NOT_VALID } from '../../common/forms/messages';
import { RESOURCE_CODE } from '../../common/forms/resource-code';
import { RefersTo, StoredIn } from '../../common/forms/stored-in';
import { MinChars, NotBlank } from '../../common/forms/text-rules';
import { trimmed, trimmedOrNull } from '../../common/forms/trim';
import { TaxCategory } from '../entities/tax-category.entity';
import { TaxRate } from '../entities/tax-rate.entity';
import { decimalInput } from '../../common/forms/decimal-input';
import * as m from './tax-rate-messages';

/** The calculators the pricing engine has for taxes. */
const TAX_CALCULATORS = ['default'] as const;
export type TaxCalculator = (typeof TAX_CALCULATORS)[number];

/**
 * The largest amount taken: 10 is 1000 %, far above any tax, and well inside what numeric(10,5) holds.
 * Amounts are stored with 5 decimals (0.123456 is kept as 0.12346).
 */
export const MAX_TAX_AMOUNT = 10;
export const TAX_AMOUNT_PLACES = 5;

// Rules run from the one nearest the property upwards, and stop at the first failure.

/** Body of POST, PUT and PATCH `/tax-rates`; `code` is read on POST only (a code never changes). */
@Form({ fields: ['name', 'category', 'zone', 'amount', 'includedInPrice', 'calculator', 'code'] })
export class TaxRateForm {
  @StoredIn(TaxRate, 'name', { message: m.nameTooLong })
  @MinChars(2, { message: m.NAME_TOO_SHORT })
  @IsString({ message: NOT_VALID })
  @NotBlank({ message: m.NAME_BLANK })
  @Transform(trimmed)
  name?: string | null;

  /** A tax category code. */
  @RefersTo(TaxCategory, 'code')
  @IsString({ message: NOT_VALID })
  @NotBlank({ message: m.CATEGORY_BLANK })
  @Transform(trimmedOrNull)
  category?: string | null;

  /** A zone code (a zone of scope `tax` or `all`). */
  @RefersTo(Zone, 'code')
  @IsString({ message: NOT_VALID })
  @NotBlank({ message: m.ZONE_BLANK })
  @Transform(trimmedOrNull)
  zone?: string | null;

  /** A fraction: 0.23 is 23 %. */
  @Max(MAX_TAX_AMOUNT, { message: m.amountTooHigh(MAX_TAX_AMOUNT) })
  @Min(0, { message: m.AMOUNT_NEGATIVE })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: NOT_VALID })
  @NotBlank({ message: m.AMOUNT_BLANK })
  @Transform(decimalInput)
  amount?: number | null;

  @IsBoolean({ message: NOT_VALID })
  @IsOptional()
  @Transform(checkbox)
  includedInPrice?: boolean;

  /** Left out or null: `default`, the one calculator there is. */
  @IsIn(TAX_CALCULATORS, { message: NOT_VALID })
  @IsOptional()
  @Transform(trimmedOrNull)
  calculator?: TaxCalculator | null;

  @StoredIn(TaxRate, 'code', { message: m.codeTooLong })
  @Matches(RESOURCE_CODE, { message: m.CODE_INVALID })
  @IsString({ message: NOT_VALID })
  @NotBlank({ message: m.CODE_BLANK })
  @Transform(trimmed)
  code?: string | null;
}
