import { IsArray, IsIn, IsOptional, IsString, Matches } from 'class-validator';
import { Form } from '../../common/forms/form-shape';
import { NOT_VALID } from '../../common/forms/messages';
import { EVENT_PATTERNS } from '../event-patterns';

export const MAX_FEED_LIMIT = 500;
export const DEFAULT_FEED_LIMIT = 100;
export const LIMIT_OUT_OF_RANGE = `This value should be between 1 and ${MAX_FEED_LIMIT}.`;


/** A sequence as a query value: a whole number in its one spelling, at most 15 digits (safe for JSON consumers). */
const SEQUENCE = /^(0|[1-9]\d{0,14})$/;
/** 1 to 500, as written in a query. */
const LIMIT = /^([1-9]|[1-9]\d|[1-4]\d\d|500)$/;

/** The feed's query (`?after=…&limit=…&type=…&type=…`), read into this form by the controller. */
@Form({ fields: ['after', 'limit', 'type'] })
export class EventFeedForm {
  @Matches(SEQUENCE, { message: NOT_VALID })
  @IsString({ message: NOT_VALID })
  @IsOptional()
  after?: string;

  @Matches(LIMIT, { message: LIMIT_OUT_OF_RANGE })
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
