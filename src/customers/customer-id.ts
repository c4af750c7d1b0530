import { resourceNotFound, resourceNotFoundMessage } from '../common/errors/api-error';
import { parseId } from '../common/errors/parse-id';
import { ApiPathParam } from '../common/openapi/api-decorators';
import { notFound } from '../common/openapi/responses';
import { integer } from '../common/openapi/schema-builders';

/** The `{id}` of /api/v1/customers/{id}: its parsing (a malformed id is a missing customer), its description and its 404. */
export const customerId = (raw: string): number => parseId(raw, () => resourceNotFound('customer'));

export const ApiCustomerId = () => ApiPathParam('id', 'Customer id.', integer({ minimum: 1, example: 2 }));

export const customerNotFound = () => notFound('No customer has this id.', resourceNotFoundMessage('customer'));
