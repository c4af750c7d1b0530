import { applyDecorators } from '@nestjs/common';
import { ApiQuery } from '@nestjs/swagger';
import { PAGE_NOT_FOUND_MESSAGE } from '../errors/api-error';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, PAGING_RANGE } from '../pagination/page-request';
import { ApiResponses } from './api-decorators';
import { notFound, ok, type ResponseExample } from './responses';
import { integer, type Schema } from './schema-builders';

export interface PlainPageOptions {
  /** The `PageOfX` schema of the 200 body. */
  page: Schema;
  description: string;
  examples?: Record<string, ResponseExample>;
}

/** A plain list (src/common/pagination/plain-list.ts): paging only, in creation order. */
export function ApiPlainPage(options: PlainPageOptions): MethodDecorator {
  const pageSize = (name: string, extra: string) =>
    ApiQuery({
      name,
      required: false,
      description: `Items per page, ${DEFAULT_PAGE_SIZE} by default; larger values than ${MAX_PAGE_SIZE} are capped. ${extra}`,
      schema: integer({ ...PAGING_RANGE, default: DEFAULT_PAGE_SIZE }),
    });
  return applyDecorators(
    ApiQuery({
      name: 'page',
      required: false,
      description: 'Page number, from 1. The list is in creation order; `sorting[…]` and `criteria[…]` are not applied, only carried into the page links.',
      schema: integer({ ...PAGING_RANGE, default: 1 }),
    }),
    pageSize('limit', 'Wins over `paginate` when both are given.'),
    pageSize('paginate', 'Same as `limit`.'),
    ApiResponses(
      ok(options.description, options.page, options.examples),
      notFound('`page` or the page size is not a positive integer, or the page is past the last one.', PAGE_NOT_FOUND_MESSAGE),
    ),
  );
}
