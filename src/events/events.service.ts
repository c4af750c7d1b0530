import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { ApiError, resourceNotFound } from '../common/errors/api-error';
import { throwIfInvalid } from '../common/forms/form-validation.exception';
import type { SubmittedForm } from '../common/forms/validate-form';
import { envelopeJson } from './event-envelope';
import { findEvent, findEventPage } from './events.read-model';
import { DEFAULT_FEED_LIMIT, type EventFeedForm } from './http/event-feed.form';

const FEED = '/api/v1/events/';

function feedHref(after: number, limit: number, types: readonly string[]): string {
  return `${FEED}?after=${after}&limit=${limit}${types.map((type) => `&type=${encodeURIComponent(type)}`).join('')}`;
}

/** 410: the cursor points below events the retention cleanup has deleted. */
const purged = (oldestKept: number): ApiError => new ApiError(410, { code: 410, message: `Events before sequence ${oldestKept} are no longer kept` });

/**
 * The feed's answers are JSON text built around the events' stored data text, never parsed: the bytes
 * are those `JSON.stringify` would write for the same objects (EventPage and Event in events.openapi.ts).
 */
@Injectable()
export class EventsService {
  constructor(private readonly em: EntityManager) {}

  /** A page of the feed; `next` is always the cursor to poll with next (the request's own when the page is empty). */
  async feed(form: SubmittedForm<EventFeedForm>): Promise<string> {
    throwIfInvalid(form.errors);
    const after = Number(form.data.after ?? 0);
    const limit = Number(form.data.limit ?? DEFAULT_FEED_LIMIT);
    const types = form.data.type ?? [];
    const { purgedThrough, events } = await findEventPage(this.em.fork(), after, limit, types);
    if (after < purgedThrough) throw purged(purgedThrough + 1);
    const last = events.at(-1)?.sequence ?? after;
    const links = { self: { href: feedHref(after, limit, types) }, next: { href: feedHref(last, limit, types) } };
    return `{"limit":${limit},"_links":${JSON.stringify(links)},"_embedded":{"items":[${events.map(envelopeJson).join(',')}]}}`;
  }

  async show(sequence: number): Promise<string> {
    const event = await findEvent(this.em.fork(), sequence);
    if (event === null) throw resourceNotFound('event');
    return envelopeJson(event);
  }
}
