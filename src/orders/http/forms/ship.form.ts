import { IsOptional, IsString } from 'class-validator';
import { Form } from '../../../common/forms/form-shape';
import { NOT_VALID } from '../../../common/forms/messages';
import { StoredIn } from '../../../common/forms/stored-in';
import { Trim } from '../../../common/forms/trim';
import { Shipment } from '../../../shipping/entities/shipment.entity';

@Form({ fields: ['tracking'] })
export class ShipForm {
  /** Free-text tracking code; left out (or empty) it is stored as null. */
  @IsString({ message: NOT_VALID })
  @StoredIn(Shipment, 'tracking')
  @IsOptional()
  @Trim()
  tracking?: string | null;
}
