import { Trim } from '../../common/forms/trim';
import { IsNotEmpty, IsOptional, IsString } from 'class-validator';
import { Form } from '../../common/forms/form-shape';
import { NOT_BLANK, NOT_VALID } from '../../common/forms/messages';

export const COUPON_INVALID = 'Coupon code is invalid.';

@Form({ fields: ['customer', 'localeCode', 'channel'] })
export class CreateCartForm {
  /** Customer email, matched case-insensitively. */
  @IsString({ message: NOT_VALID })
  @IsNotEmpty({ message: NOT_BLANK })
  @Trim()
  customer!: string;

  @IsString({ message: NOT_VALID })
  @IsNotEmpty({ message: NOT_BLANK })
  @Trim()
  localeCode!: string;

  /** Channel code. */
  @IsString({ message: NOT_VALID })
  @IsNotEmpty({ message: NOT_BLANK })
  @Trim()
  channel!: string;
}

@Form({ fields: ['promotionCoupon'] })
export class UpdateCartForm {
  /** Coupon code; null or empty removes the coupon. */
  @IsString({ message: NOT_VALID })
  @IsOptional()
  @Trim()
  promotionCoupon?: string | null;
}
