import { integerRange, IsIntegerIn } from './integer-range';

/** A sort position: an integer from 0 that an integer column holds. */
const POSITION_RANGE = integerRange('integer', { min: 0 });

const POSITION_TOO_LOW = 'This value should be greater than or equal to 0.';
const POSITION_TOO_HIGH = `This value should be less than or equal to ${POSITION_RANGE.maximum}.`;

/** The rules of a position field. */
export const IsPosition = (): PropertyDecorator => IsIntegerIn(POSITION_RANGE, { tooLow: POSITION_TOO_LOW, tooHigh: POSITION_TOO_HIGH });
