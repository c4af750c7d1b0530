import { IsOptional, IsString } from 'class-validator';
import { Form } from '../../common/forms/form-shape';
import { NOT_VALID } from '../../common/forms/messages';
import { Trim } from '../../common/forms/trim';

@Form({ fields: ['tracking'] })
export class ShipForm {
  /** Free-text tracking code; left out (or empty) it is stored as null. */
  @IsString({ message: NOT_VALID })
  @IsOptional()
  @Trim()
  tracking?: string | null;
}
