import { IsNotEmpty } from 'class-validator';
import { Form } from '../../common/forms/form-shape';
import { IsIntegerIn } from '../../common/forms/integer-range';
import { NOT_BLANK, NOT_VALID } from '../../common/forms/messages';
import { SEQUENCE_RANGE } from '../../events';

/** Rules in the order they are checked (the first failure is the one reported). */
function Sequence(): PropertyDecorator {
  return (target, property) => {
    IsNotEmpty({ message: NOT_BLANK })(target, property);
    IsIntegerIn(SEQUENCE_RANGE, { tooLow: NOT_VALID, tooHigh: NOT_VALID })(target, property);
  };
}

/** Body of POST /webhooks/{id}/replay. */
@Form({ fields: ['after'] })
export class ReplayForm {
  /** Every matching event with a greater sequence is queued again (0: all that are kept). */
  @Sequence()
  after!: number;
}
