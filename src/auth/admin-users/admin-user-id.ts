import { resourceNotFound, resourceNotFoundMessage } from '../../common/errors/api-error';
import { parseId } from '../../common/errors/parse-id';
import { ApiPathParam } from '../../common/openapi/api-decorators';
import { notFound } from '../../common/openapi/responses';
import { integer } from '../../common/openapi/schema-builders';

/** The path id of an admin user; one that can never exist is a 404 like an unknown one. */
export const adminUserId = (raw: string): number => parseId(raw, () => resourceNotFound('admin user'));

export const ApiAdminUserId = () => ApiPathParam('id', 'Admin user id.', integer({ minimum: 1, example: 2 }));

export const adminUserNotFound = () => notFound('No admin user has this id.', resourceNotFoundMessage('admin user'));
