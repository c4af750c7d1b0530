import { IsOptional, IsString } from 'class-validator';
import { Form } from '../../../common/forms/form-shape';
import { NOT_VALID } from '../../../common/forms/messages';
import { StoredIn } from '../../../common/forms/stored-in';
import { Order } from '../../domain/order.entity';

/** The complete step's form: optional notes, stored with the order. */
@Form({ fields: ['notes'] })
export class CompletionForm {
  @StoredIn(Order, 'notes')
  @IsString({ message: NOT_VALID })
  @IsOptional()
  notes?: string | null;
}
