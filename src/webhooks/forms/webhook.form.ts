import { Transform } from 'class-transformer';
import { ArrayNotEmpty, IsArray, IsBoolean, IsNotEmpty, IsOptional, IsString, ValidateBy, type ValidationOptions } from 'class-validator';
import { Form } from '../../common/forms/form-shape';
import { NOT_BLANK, NOT_VALID } from '../../common/forms/messages';
import { StoredIn } from '../../common/forms/stored-in';
import { trimmed, trimmedOrNull } from '../../common/forms/trim';
import { WebhookSubscription } from '../entities/webhook-subscription.entity';
import { isEventPattern } from '../../events';
import { NOT_A_URL, parseWebhookUrl } from '../url-guard';
import { NO_EVENTS, UNKNOWN_EVENTS } from './webhook-messages';

/** An absolute `http(s)` URL with a host; whether the deployment allows it is the service's to say. */
function IsWebhookUrl(options: ValidationOptions): PropertyDecorator {
  return ValidateBy({ name: 'isWebhookUrl', validator: { validate: (value: unknown) => typeof value === 'string' && parseWebhookUrl(value) !== null } }, options);
}

/** Every entry is an event type, a `prefix.*` pattern or `*` (see src/events/event-patterns.ts). */
function IsEventPatternList(options: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    { name: 'isEventPatternList', validator: { validate: (value: unknown) => Array.isArray(value) && value.every((item) => typeof item === 'string' && isEventPattern(item)) } },
    options,
  );
}

/** The same entry twice is one subscription to it: kept once, in the order first given. */
const withoutRepeats = ({ value }: { value: unknown }): unknown => (Array.isArray(value) ? [...new Set(value)] : value);

/** `null` is read as "not given" (the default on POST and PUT, unchanged on PATCH). */
const nullAsAbsent = ({ value }: { value: unknown }): unknown => (value === null ? undefined : value);

// Rules run from the one nearest the property upwards, and stop at the first failure.

/** Body of POST, PUT and PATCH `/webhooks`. */
@Form({ fields: ['url', 'events', 'description', 'enabled'] })
export class WebhookForm {
  @StoredIn(WebhookSubscription, 'url')
  @IsWebhookUrl({ message: NOT_A_URL })
  @IsString({ message: NOT_VALID })
  @IsNotEmpty({ message: NOT_BLANK })
  @Transform(trimmed)
  url?: string | null;

  @IsEventPatternList({ message: UNKNOWN_EVENTS })
  @ArrayNotEmpty({ message: NO_EVENTS })
  @IsArray({ message: NOT_VALID })
  @IsNotEmpty({ message: NOT_BLANK })
  @Transform(withoutRepeats)
  events?: string[] | null;

  @StoredIn(WebhookSubscription, 'description')
  @IsString({ message: NOT_VALID })
  @IsOptional()
  @Transform(trimmedOrNull)
  description?: string | null;

  @IsBoolean({ message: NOT_VALID })
  @IsOptional()
  @Transform(nullAsAbsent)
  enabled?: boolean | null;
}
