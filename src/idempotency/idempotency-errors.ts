import { httpError, type ApiError } from '../common/errors/api-error';

export const invalidIdempotencyKey = (): ApiError => httpError(400, 'Invalid Idempotency-Key header');
export const idempotencyKeyReused = (): ApiError => httpError(422, 'Idempotency-Key reused with a different request');
export const idempotencyKeyInProgress = (): ApiError => httpError(409, 'A request with this Idempotency-Key is still in progress');
