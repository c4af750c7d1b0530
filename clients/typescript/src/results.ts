import type { FetchResponse } from 'openapi-fetch';

/**
 * The API answers errors in three families (README "Errors"): a form's validation tree
 * (`400 {code, message: "Validation Failed", errors: {children}}`), `{code, message}` (404, 405, 409,
 * 422, 429, the 400s of unreadable requests, 500) and OAuth's `{error, error_description}` (401).
 * `unexpected` is any other body, which only something between the client and the API answers
 * (a proxy's HTML page, a connection cut mid-body).
 */
export type ErrorFamily = 'validation' | 'message' | 'oauth' | 'unexpected';

/** One declared error body of an operation, tagged with its family. */
type Tagged<E> = E extends { errors: { children: unknown } }
  ? { family: 'validation'; body: E }
  : E extends { error: string; error_description: string }
    ? { family: 'oauth'; body: E }
    : E extends { code: number; message: string }
      ? { family: 'message'; body: E }
      : never;

export interface UnexpectedError {
  family: 'unexpected';
  body: unknown;
}

/** An error answer, discriminated by `family`; each family's `body` is typed by the operation's declared responses. */
export type ApiError<E = unknown> = Tagged<E> | UnexpectedError;

type SuccessData<R> = R extends { data: infer D; error?: never } ? D : never;
type ErrorBody<R> = R extends { data?: never; error: infer E } ? E : never;

/** An openapi-fetch answer as a result: `ok` with the typed body, or the typed error of its family. */
export type ApiResult<R = FetchResponse<object, unknown, 'application/json'>> =
  | { ok: true; status: number; data: [SuccessData<R>] extends [never] ? undefined : SuccessData<R>; response: Response }
  | { ok: false; status: number; error: ApiError<ErrorBody<R>>; response: Response };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Which family an error body belongs to, judged from its shape. */
export function errorFamilyOf(body: unknown): ErrorFamily {
  if (!isObject(body)) return 'unexpected';
  if (isObject(body.errors) && isObject(body.errors.children)) return 'validation';
  if (typeof body.error === 'string' && typeof body.error_description === 'string') return 'oauth';
  if (typeof body.code === 'number' && typeof body.message === 'string') return 'message';
  return 'unexpected';
}

export function toResult<R>(answer: { data?: unknown; error?: unknown; response: Response }): ApiResult<R> {
  const { response } = answer;
  if (response.ok) return { ok: true, status: response.status, data: answer.data, response } as ApiResult<R>;
  const error = { family: errorFamilyOf(answer.error), body: answer.error };
  return { ok: false, status: response.status, error, response } as ApiResult<R>;
}

/** Thrown where a result cannot be returned (the pagination iterators): the error answer of one request. */
export class ShopApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: ApiError,
    readonly url: string,
  ) {
    super(`${url} answered ${status}: ${JSON.stringify(error.body)}`);
    this.name = 'ShopApiError';
  }
}
