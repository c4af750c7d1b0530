import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString } from 'class-validator';
import { Form } from '../../common/forms/form-shape';
import { NOT_BLANK, NOT_VALID } from '../../common/forms/messages';

export const COUPON_INVALID = 'Coupon code is invalid.';

/** Text fields are trimmed, as form text fields are. */
const trim = () => Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

@Form({ fields: ['customer', 'localeCode', 'channel'] })
export class CreateCartForm {
  /** Customer email, matched case-insensitively. */
  @IsString({ message: NOT_VALID })
  @IsNotEmpty({ message: NOT_BLANK })
  @trim()
  customer!: string;

  @IsString({ message: NOT_VALID })
  @IsNotEmpty({ message: NOT_BLANK })
  @trim()
  localeCode!: string;

  /** Channel code. */
  @IsString({ message: NOT_VALID })
  @IsNotEmpty({ message: NOT_BLANK })
  @trim()
  channel!: string;
}

@Form({ fields: ['promotionCoupon'] })
export class UpdateCartForm {
  /** Coupon code; null or empty removes the coupon. */
  @IsString({ message: NOT_VALID })
  @IsOptional()
  @trim()
  promotionCoupon?: string | null;
}
