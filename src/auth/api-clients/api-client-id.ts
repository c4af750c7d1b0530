import { resourceNotFound, resourceNotFoundMessage } from '../../common/errors/api-error';
import { parseId } from '../../common/errors/parse-id';
import { ApiPathParam } from '../../common/openapi/api-decorators';
import { notFound } from '../../common/openapi/responses';
import { integer } from '../../common/openapi/schema-builders';

/** The `{id}` of /api/v1/api-clients/{id}; one that can never exist is a 404 like an unknown one. */
export const apiClientId = (raw: string): number => parseId(raw, () => resourceNotFound('API client'));

export const ApiApiClientId = () => ApiPathParam('id', 'API client id (not its `clientId`).', integer({ minimum: 1, example: 2 }));

export const apiClientNotFound = () => notFound('No API client has this id.', resourceNotFoundMessage('API client'));
