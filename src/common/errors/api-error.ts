/** An error whose HTTP status, JSON body and headers are fully decided where it is thrown. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.message === 'string' ? body.message : `HTTP ${status}`);
  }
}

/** The `{code, message}` family of error bodies. */
export function httpError(status: number, message: string, headers?: Record<string, string>): ApiError {
  return new ApiError(status, { code: status, message }, headers);
}

export type ResourceName = 'customer' | 'cart' | 'cart item' | 'order' | 'channel' | 'product' | 'product variant' | 'payment' | 'shipment' | 'payment method' | 'shipping method' | 'zone' | 'promotion coupon'
  | 'tax category' | 'shipping category' | 'promotion' | 'webhook' | 'event' | 'locale' | 'currency' | 'taxon'
  | 'admin user' | 'API client' | 'country' | 'province'
  | 'tax rate' | 'exchange rate' | 'product option' | 'product association type' | 'product review';

/** The message of `resourceNotFound` (for documentation examples). */
export const resourceNotFoundMessage = (resource: ResourceName): string => `The "${resource}" has not been found`;
export const resourceNotFound = (resource: ResourceName): ApiError => httpError(404, resourceNotFoundMessage(resource));
/** Why a resource that other data still refers to is not deleted (409). */
export const resourceInUseMessage = (resource: ResourceName): string => `The ${resource} is in use and cannot be deleted.`;
export const PAGE_NOT_FOUND_MESSAGE = 'Page Not Found';
const noRouteMessage = (method: string, path: string): string => `No route found for "${method} ${path}"`;
/** No route matches this method and path (`path` without its query string). */
export const noRouteFound = (method: string, path: string): ApiError => httpError(404, noRouteMessage(method, path));
/** The path exists, but not for this method. */
export const methodNotAllowed = (method: string, path: string, allowed: string[]): ApiError => {
  const allow = allowed.join(', ');
  return httpError(405, `${noRouteMessage(method, path)}: Method Not Allowed (Allow: ${allow})`, { allow });
};
export const pageNotFound = (): ApiError => httpError(404, PAGE_NOT_FOUND_MESSAGE);
export const invalidJson = (): ApiError => httpError(400, 'Invalid json message received');
export const bodyTooLarge = (): ApiError => httpError(413, 'Request body is too large');
export const unsupportedMediaType = (): ApiError => httpError(415, 'Unsupported media type');
export const internalError = (): ApiError => httpError(500, 'Internal Server Error');
export const conflict = (message: string): ApiError => httpError(409, message);
export const badRequest = (message: string): ApiError => httpError(400, message);
