import { Trim } from '../../../common/forms/trim';
import { IsNotEmpty, IsOptional, IsString } from 'class-validator';
import { Form } from '../../../common/forms/form-shape';
import { NOT_BLANK, NOT_VALID } from '../../../common/forms/messages';
import { RefersTo } from '../../../common/forms/stored-in';
import { Channel } from '../../../channels/entities/channel.entity';
import { Locale } from '../../../channels/entities/locale.entity';
import { Customer } from '../../../customers/entities/customer.entity';
import { PromotionCoupon } from '../../../promotions/entities/promotion-coupon.entity';

export const COUPON_INVALID = 'Coupon code is invalid.';

@Form({ fields: ['customer', 'localeCode', 'channel'] })
export class CreateCartForm {
  /** Customer email, matched case-insensitively. */
  @RefersTo(Customer, 'email')
  @IsString({ message: NOT_VALID })
  @IsNotEmpty({ message: NOT_BLANK })
  @Trim()
  customer!: string;

  @RefersTo(Locale, 'code')
  @IsString({ message: NOT_VALID })
  @IsNotEmpty({ message: NOT_BLANK })
  @Trim()
  localeCode!: string;

  /** Channel code. */
  @RefersTo(Channel, 'code')
  @IsString({ message: NOT_VALID })
  @IsNotEmpty({ message: NOT_BLANK })
  @Trim()
  channel!: string;
}

@Form({ fields: ['promotionCoupon'] })
export class UpdateCartForm {
  /** Coupon code; null or empty removes the coupon. */
  @RefersTo(PromotionCoupon, 'code')
  @IsString({ message: NOT_VALID })
  @IsOptional()
  @Trim()
  promotionCoupon?: string | null;
}
