import { IsArray, IsIn, IsOptional, IsString } from 'class-validator';
import { Form } from '../../common/forms/form-shape';
import { integerRange, IsIntegerTextIn } from '../../common/forms/integer-range';
import { NOT_VALID } from '../../common/forms/messages';
import { EVENT_PATTERNS } from '../event-patterns';
import { SEQUENCE_RANGE } from '../sequence-range';

export const MAX_FEED_LIMIT = 500;
export const DEFAULT_FEED_LIMIT = 100;
export const FEED_LIMIT_RANGE = integerRange('integer', { min: 1, max: MAX_FEED_LIMIT });
export const LIMIT_OUT_OF_RANGE = `This value should be between 1 and ${MAX_FEED_LIMIT}.`;

/** The feed's query (`?after=…&limit=…&type=…&type=…`), read into this form by the controller. */
@Form({ fields: ['after', 'limit', 'type'] })
export class EventFeedForm {
  @IsIntegerTextIn(SEQUENCE_RANGE, { tooLow: NOT_VALID, tooHigh: NOT_VALID })
  @IsString({ message: NOT_VALID })
  @IsOptional()
  after?: string;

  @IsIntegerTextIn(FEED_LIMIT_RANGE, { tooLow: LIMIT_OUT_OF_RANGE, tooHigh: LIMIT_OUT_OF_RANGE })
  @IsString({ message: NOT_VALID })
  @IsOptional()
  limit?: string;

  @IsIn(EVENT_PATTERNS, { each: true, message: NOT_VALID })
  @IsArray({ message: NOT_VALID })
  @IsOptional()
  type?: string[];
}

/** The query string as the form's body: the last `after` and `limit` win, `type` collects every value; other keys are ignored. */
export function feedQueryBody(rawQuery: string): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const types: string[] = [];
  for (const [key, value] of new URLSearchParams(rawQuery)) {
    if (key === 'after' || key === 'limit') body[key] = value;
    else if (key === 'type') types.push(value);
  }
  if (types.length > 0) body.type = types;
  return body;
}
