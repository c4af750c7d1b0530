import { Controller, Get, Header, Param, Req } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { resourceNotFound, resourceNotFoundMessage } from '../../common/errors/api-error';
import { validateForm } from '../../common/forms/validate-form';
import { JSON_CONTENT_TYPE } from '../../common/http/json-content-type';
import { rawQuery } from '../../common/http/raw-query';
import { ApiPathParam, ApiResponses, ApiStandardErrors } from '../../common/openapi/api-decorators';
import { notFound, ok, validationFailed } from '../../common/openapi/responses';
import { integer, string } from '../../common/openapi/schema-builders';
import { FEED_PAGE_DATA_BYTES } from '../events.read-model';
import { EventsService } from '../events.service';
import { EVENT_PATTERNS } from '../event-patterns';
import { SEQUENCE_RANGE } from '../sequence-range';
import { DEFAULT_FEED_LIMIT, EventFeedForm, FEED_LIMIT_RANGE, feedQueryBody, LIMIT_OUT_OF_RANGE, MAX_FEED_LIMIT } from './event-feed.form';
import { eventExample, EventPageSchema, eventPageExample, EventSchema, eventsPurged } from './events.openapi';

/** A sequence in the path: canonical digits only (anything else names no event: 404). */
const CANONICAL_SEQUENCE = /^[1-9]\d{0,14}$/;

function parseSequence(raw: string): number {
  if (!CANONICAL_SEQUENCE.test(raw)) throw resourceNotFound('event');
  return Number(raw);
}

const FEED_PAGE_MIB = FEED_PAGE_DATA_BYTES / 2 ** 20;

const feedValidationExample = {
  code: 400,
  message: 'Validation Failed',
  errors: { children: { after: {}, limit: { errors: [LIMIT_OUT_OF_RANGE] }, type: {} } },
};

@ApiTags('Events')
@Controller('api/v1/events')
export class EventsController {
  constructor(private readonly events: EventsService) {}

  @Get()
  @ApiOperation({
    operationId: 'listEvents',
    summary: 'Poll the event feed',
    description:
      'Events after a sequence, in sequence order, which is commit order: polling with `after` set to the last sequence seen (or following `next`) ' +
      'sees every event exactly once, also while writes run on several instances. ' +
      `A page holds at most \`limit\` events and stops early, after the event that brings its events' \`data\` to ${FEED_PAGE_MIB} MiB or more ` +
      '(so it holds at least one event when there is one); `next` continues after its last event.',
  })
  @ApiQuery({ name: 'after', required: false, description: 'A sequence; the page starts after it. 0 by default.', schema: integer({ ...SEQUENCE_RANGE, default: 0 }) })
  @ApiQuery({ name: 'limit', required: false, description: `Events per page, 1 to ${MAX_FEED_LIMIT} (fewer when their data reach ${FEED_PAGE_MIB} MiB).`, schema: integer({ ...FEED_LIMIT_RANGE, default: DEFAULT_FEED_LIMIT }) })
  @ApiQuery({
    name: 'type',
    required: false,
    description: 'Only these types (repeat the parameter for several); `order.*` names every type of a resource, `*` all.',
    schema: { type: 'array', items: string({ enum: [...EVENT_PATTERNS] }) },
    style: 'form',
    explode: true,
  })
  @ApiResponses(ok('A page of events and the cursor to poll next.', EventPageSchema, { page: { summary: 'One event', value: eventPageExample } }), validationFailed(EventFeedForm, feedValidationExample), eventsPurged())
  @ApiStandardErrors()
  @Header('content-type', JSON_CONTENT_TYPE)
  feed(@Req() request: FastifyRequest): Promise<string> {
    return this.events.feed(validateForm(EventFeedForm, feedQueryBody(rawQuery(request))));
  }

  @Get(':id')
  @ApiOperation({ operationId: 'showEvent', summary: 'Show one event' })
  @ApiPathParam('id', 'The event sequence.', integer({ minimum: 1, example: 42 }))
  @ApiResponses(ok('The event.', EventSchema, { event: { summary: 'An event', value: eventExample } }), notFound('No event has this sequence (or it is no longer kept).', resourceNotFoundMessage('event')))
  @ApiStandardErrors()
  @Header('content-type', JSON_CONTENT_TYPE)
  show(@Param('id') id: string): Promise<string> {
    return this.events.show(parseSequence(id));
  }
}
