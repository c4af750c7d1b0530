import { integerRange } from '../common/forms/integer-range';

/** A sequence as a request gives one (the feed's cursor, a replay's start): 0, before the first event, or an event's bigint. */
export const SEQUENCE_RANGE = integerRange('bigint', { min: 0 });
