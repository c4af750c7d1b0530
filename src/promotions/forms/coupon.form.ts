import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional, IsString, Matches } from 'class-validator';
import { checkbox } from '../../common/forms/checkbox';
import { Form } from '../../common/forms/form-shape';
import { integerRange, IsIntegerIn } from '../../common/forms/integer-range';
import { NOT_VALID } from '../../common/forms/messages';
import { RESOURCE_CODE } from '../../common/forms/resource-code';
import { StoredIn } from '../../common/forms/stored-in';
import { MaxChars } from '../../customers/forms/form-values';
import { MinChars, NotBlank } from '../../common/forms/text-rules';
import { trimmed, trimmedOrNull } from '../../common/forms/trim';
import { PromotionCoupon } from '../entities/promotion-coupon.entity';
import { IsCalendarDate } from './calendar';
import * as m from './coupon-messages';

const LIMIT = integerRange('integer', { min: 1 });

// Rules run from the one nearest the property upwards, and stop at the first failure.

/** Body of POST, PUT and PATCH `/promotions/{promotionCode}/coupons`; `code` is read on POST only. */
@Form({ fields: ['usageLimit', 'expiresAt', 'perCustomerUsageLimit', 'reusableFromCancelledOrders', 'code'] })
export class CouponForm {
  @IsIntegerIn(LIMIT, { tooLow: m.USAGE_LIMIT_TOO_LOW, tooHigh: m.USAGE_LIMIT_TOO_HIGH })
  @IsOptional()
  usageLimit?: number | null;

  /** `YYYY-MM-DD`: the coupon is valid until that day begins (UTC). */
  @IsCalendarDate({ message: NOT_VALID })
  @IsString({ message: NOT_VALID })
  @IsOptional()
  @Transform(trimmedOrNull)
  expiresAt?: string | null;

  @IsIntegerIn(LIMIT, { tooLow: m.PER_CUSTOMER_LIMIT_TOO_LOW, tooHigh: m.PER_CUSTOMER_LIMIT_TOO_HIGH })
  @IsOptional()
  perCustomerUsageLimit?: number | null;

  @IsBoolean({ message: NOT_VALID })
  @IsOptional()
  @Transform(checkbox)
  reusableFromCancelledOrders?: boolean;

  @StoredIn(PromotionCoupon, 'code', { message: m.codeTooLong })
  @Matches(RESOURCE_CODE, { message: m.CODE_INVALID })
  @MinChars(2, { message: m.CODE_TOO_SHORT })
  @IsString({ message: NOT_VALID })
  @NotBlank({ message: m.CODE_BLANK })
  @Transform(trimmed)
  code?: string | null;
}

const AMOUNT = integerRange('integer', { min: 1, max: m.GENERATE_MAX });
const CODE_LENGTH = integerRange('integer', { min: 1, max: m.CODE_LENGTH_MAX });

/** Body of POST `/promotions/{promotionCode}/coupons/generate`: how many coupons, how their codes look, their limits. */
@Form({ fields: ['amount', 'prefix', 'suffix', 'codeLength', 'expiresAt', 'usageLimit'] })
export class CouponGenerationForm {
  @IsIntegerIn(AMOUNT, { tooLow: m.AMOUNT_TOO_LOW, tooHigh: m.AMOUNT_TOO_HIGH })
  @NotBlank({ message: m.AMOUNT_BLANK })
  amount?: number | null;

  @MaxChars(m.AFFIX_MAX, { message: m.GENERATED_CODE_TOO_LONG })
  @Matches(RESOURCE_CODE, { message: m.AFFIX_INVALID })
  @IsString({ message: NOT_VALID })
  @IsOptional()
  @Transform(trimmedOrNull)
  prefix?: string | null;

  @MaxChars(m.AFFIX_MAX, { message: m.GENERATED_CODE_TOO_LONG })
  @Matches(RESOURCE_CODE, { message: m.AFFIX_INVALID })
  @IsString({ message: NOT_VALID })
  @IsOptional()
  @Transform(trimmedOrNull)
  suffix?: string | null;

  @IsIntegerIn(CODE_LENGTH, { tooLow: m.CODE_LENGTH_TOO_LOW, tooHigh: m.CODE_LENGTH_TOO_HIGH })
  @NotBlank({ message: m.CODE_LENGTH_BLANK })
  codeLength?: number | null;

  /** `YYYY-MM-DD`: the coupons are valid until that day begins (UTC). */
  @IsCalendarDate({ message: NOT_VALID })
  @IsString({ message: NOT_VALID })
  @IsOptional()
  @Transform(trimmedOrNull)
  expiresAt?: string | null;

  @IsIntegerIn(LIMIT, { tooLow: m.USAGE_LIMIT_TOO_LOW, tooHigh: m.USAGE_LIMIT_TOO_HIGH })
  @IsOptional()
  usageLimit?: number | null;
}
