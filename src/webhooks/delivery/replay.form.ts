import { IsInt, IsNotEmpty, Min } from 'class-validator';
import { Form } from '../../common/forms/form-shape';
import { NOT_BLANK, NOT_VALID } from '../../common/forms/messages';

/** Rules in the order they are checked (the first failure is the one reported). */
function Sequence(): PropertyDecorator {
  return (target, property) => {
    IsNotEmpty({ message: NOT_BLANK })(target, property);
    IsInt({ message: NOT_VALID })(target, property);
    Min(0, { message: NOT_VALID })(target, property);
  };
}

/** Body of POST /webhooks/{id}/replay. */
@Form({ fields: ['after'] })
export class ReplayForm {
  /** Every matching event with a greater sequence is queued again (0: all that are kept). */
  @Sequence()
  after!: number;
}
