import { ApiError } from '../common/errors/api-error';

const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' };

/** A 400 from the token endpoint: `{error, error_description}`. */
export function tokenError(error: string, description: string | null): ApiError {
  return new ApiError(400, { error, error_description: description }, NO_STORE);
}

/** A 401 on an API call, with the matching WWW-Authenticate challenge. */
function authenticationError(error: string, description: string): ApiError {
  return new ApiError(
    401,
    { error, error_description: description },
    { 'www-authenticate': `Bearer realm="Service", error="${error}", error_description="${description}"`, ...NO_STORE },
  );
}

export const authenticationRequired = (): ApiError => authenticationError('access_denied', 'OAuth2 authentication required');
export const invalidAccessToken = (): ApiError => authenticationError('invalid_grant', 'The access token provided is invalid.');
export const expiredAccessToken = (): ApiError => authenticationError('invalid_grant', 'The access token provided has expired.');
export const accessDenied = (): ApiError => new ApiError(403, { code: 403, message: 'Access Denied.' });
