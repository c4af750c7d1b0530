import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsNumber, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import { Zone } from '../../addressing/entities/zone.entity';
import { Channel } from '../../channels/entities/channel.entity';
import { checkbox } from '../../common/forms/checkbox';
import { Form } from '../../common/forms/form-shape';
import { NOT_BLANK, NOT_VALID } from '../../common/forms/messages';
import { IsPosition } from '../../common/forms/position';
import { RESOURCE_CODE } from '../../common/forms/resource-code';
import { RefersTo, StoredIn } from '../../common/forms/stored-in';
import { MinChars, NotBlank } from '../../common/forms/text-rules';
import { trimmed, trimmedOrNull } from '../../common/forms/trim';
import { IsStringList } from '../../customers/forms/form-values';
import { TaxCategory } from '../../taxation/entities/tax-category.entity';
import { decimalInput } from '../../common/forms/decimal-input';
import { ShippingCategory } from '../entities/shipping-category.entity';
import { ShippingMethod, type CategoryRequirement, type ShippingCalculator } from '../entities/shipping-method.entity';
import * as m from './shipping-method-messages';

/** The calculators the pricing engine has for shipping: one amount per shipment, or per unit shipped. */
const SHIPPING_CALCULATORS: readonly ShippingCalculator[] = ['flat_rate', 'per_unit_rate'];
/** 0: no variant may be of the category, 1: one at least, 2: all. */
const CATEGORY_REQUIREMENTS: readonly CategoryRequirement[] = [0, 1, 2];
/** The largest amount in major units: its minor units (×100) still fit the integer columns of adjustments. */
export const MAX_SHIPPING_AMOUNT = 21_474_836.47;

// Rules run from the one nearest the property upwards, and stop at the first failure.

/** One channel's entry of `configuration`: the amount in major units of the channel's currency (12.5 is 1250). */
@Form({ fields: ['amount'] })
export class ShippingAmountForm {
  @Max(MAX_SHIPPING_AMOUNT, { message: m.amountTooHigh(MAX_SHIPPING_AMOUNT) })
  @Min(0, { message: m.AMOUNT_NEGATIVE })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: NOT_VALID })
  @NotBlank({ message: NOT_BLANK })
  @Transform(decimalInput)
  amount?: number | null;
}

/**
 * Body of POST, PUT and PATCH `/shipping-methods`; `code` is read on POST only (a code never changes).
 * `configuration` is a map keyed by channel code, read by the service against the shop's channels
 * (src/common/forms/keyed-forms.ts).
 */
@Form({
  fields: ['name', 'description', 'position', 'category', 'categoryRequirement', 'calculator', 'zone', 'taxCategory', 'channels', 'enabled', 'configuration', 'code'],
  keyed: { configuration: ShippingAmountForm },
})
export class ShippingMethodForm {
  @StoredIn(ShippingMethod, 'name', { message: m.nameTooLong })
  @MinChars(2, { message: m.NAME_TOO_SHORT })
  @IsString({ message: NOT_VALID })
  @NotBlank({ message: m.NAME_BLANK })
  @Transform(trimmed)
  name?: string | null;

  @StoredIn(ShippingMethod, 'description')
  @IsString({ message: NOT_VALID })
  @IsOptional()
  @Transform(trimmedOrNull)
  description?: string | null;

  @IsPosition()
  @IsOptional()
  position?: number | null;

  /** A shipping category code; `null` or empty: none. */
  @RefersTo(ShippingCategory, 'code')
  @IsString({ message: NOT_VALID })
  @IsOptional()
  @Transform(trimmedOrNull)
  category?: string | null;

  @IsIn(CATEGORY_REQUIREMENTS, { message: NOT_VALID })
  @IsOptional()
  categoryRequirement?: CategoryRequirement | null;

  @IsIn(SHIPPING_CALCULATORS, { message: NOT_VALID })
  @NotBlank({ message: m.CALCULATOR_BLANK })
  @Transform(trimmed)
  calculator?: ShippingCalculator | null;

  /** A zone code (a zone of scope `shipping` or `all`). */
  @RefersTo(Zone, 'code')
  @IsString({ message: NOT_VALID })
  @NotBlank({ message: m.ZONE_BLANK })
  @Transform(trimmedOrNull)
  zone?: string | null;

  /** A tax category code; `null` or empty: none. */
  @RefersTo(TaxCategory, 'code')
  @IsString({ message: NOT_VALID })
  @IsOptional()
  @Transform(trimmedOrNull)
  taxCategory?: string | null;

  /** Channel codes. */
  @RefersTo(Channel, 'code')
  @IsStringList(RESOURCE_CODE, { message: NOT_VALID })
  @IsOptional()
  channels?: string[] | null;

  @IsBoolean({ message: NOT_VALID })
  @IsOptional()
  @Transform(checkbox)
  enabled?: boolean;

  @IsOptional()
  configuration?: unknown;

  @StoredIn(ShippingMethod, 'code', { message: m.codeTooLong })
  @Matches(RESOURCE_CODE, { message: m.CODE_INVALID })
  @IsString({ message: NOT_VALID })
  @NotBlank({ message: m.CODE_BLANK })
  @Transform(trimmed)
  code?: string | null;
}
