import type { ReferenceObject } from '@nestjs/swagger';
import { arrayOf, closedObject, integer, link, type Schema } from './schema-builders';
import { defineSchema } from './schema-registry';

export interface CollectionPath {
  /** The collection path as a regular expression, e.g. `/api/v1/customers/[1-9][0-9]{0,9}/orders/` (no anchors). */
  pattern: string;
  /** One such path, e.g. `/api/v1/customers/7/orders/`. */
  example: string;
}

/** Registers `PageOf<name>`: the paginated envelope around a list (seed §2.8). */
export function definePageSchema(name: string, item: Schema, path: CollectionPath, example: unknown): ReferenceObject {
  const pageLink = link(`^${path.pattern}\\?([^#]*&)?page=[1-9]\\d*&limit=[1-9]\\d*$`, `${path.example}?page=1&limit=10`);
  return defineSchema(
    `PageOf${name}`,
    closedObject(
      {
        page: integer({ minimum: 1, description: 'This page.' }),
        limit: integer({ minimum: 1, maximum: 100, description: 'Items per page (after capping).' }),
        pages: integer({ minimum: 1, description: 'Number of pages; 1 for an empty list.' }),
        total: integer({ minimum: 0, description: 'Number of items on all pages.' }),
        _links: closedObject(
          { self: pageLink, first: pageLink, last: pageLink, next: pageLink, previous: pageLink },
          { optional: ['next', 'previous'], description: '`next` when there is a later page, `previous` when there is an earlier one.' },
        ),
        _embedded: closedObject({ items: arrayOf(item) }),
      },
      { description: `A page of ${name}.`, example },
    ),
  );
}
