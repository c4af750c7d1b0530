import { IsOptional, IsString } from 'class-validator';
import { MaxChars } from '../../customers/forms/form-values';
import { Form } from '../../common/forms/form-shape';
import { NOT_VALID } from '../../common/forms/messages';
import { Trim } from '../../common/forms/trim';

const TRACKING_TOO_LONG = 'This value is too long. It should have 255 characters or less.';

@Form({ fields: ['tracking'] })
export class ShipForm {
  /** Free-text tracking code; left out (or empty) it is stored as null. The column holds 255 characters. */
  @IsString({ message: NOT_VALID })
  @MaxChars(255, { message: TRACKING_TOO_LONG })
  @IsOptional()
  @Trim()
  tracking?: string | null;
}
