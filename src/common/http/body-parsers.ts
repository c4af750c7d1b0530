import { parse as parseForm } from 'node:querystring';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { invalidJson, unsupportedMediaType } from '../errors/api-error';
import { isPlainObject } from '../forms/validate-form';
import { bodyContentError } from './body-content';

export const MAX_BODY_BYTES = 1024 * 1024;

/** Paths that also accept form-urlencoded bodies, as OAuth2 clients send them. */
const FORM_BODY_PATHS = [/^\/api\/oauth\/v2\/token\/?(\?|$)/];

/**
 * Replaces the framework's body parsing: JSON objects only (an empty body is `{}`), a missing
 * Content-Type is read as JSON, anything else is 415 except form bodies on the token endpoint.
 */
export function registerBodyParsers(fastify: FastifyInstance): void {
  const strictJson = fastify.getDefaultJsonParser('error', 'error');
  const parseJson = (request: FastifyRequest, body: string, done: (err: Error | null, body?: unknown) => void): void => {
    if (body.trim() === '') return done(null, {});
    void strictJson(request, body, (error: Error | null, parsed?: unknown) => {
      if (error || !isPlainObject(parsed)) return done(invalidJson());
      const refused = bodyContentError(parsed);
      if (refused) return done(refused);
      done(null, parsed);
    });
  };

  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: MAX_BODY_BYTES }, parseJson);
  fastify.addContentTypeParser(/^application\/[\w.+-]+\+json$/, { parseAs: 'string', bodyLimit: MAX_BODY_BYTES }, parseJson);
  fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: MAX_BODY_BYTES }, (request, body, done) => {
    if (!FORM_BODY_PATHS.some((path) => path.test(request.url))) return done(unsupportedMediaType());
    const parsed = { ...parseForm(body as string) };
    const refused = bodyContentError(parsed);
    if (refused) return done(refused);
    done(null, parsed);
  });
  fastify.addContentTypeParser('*', { parseAs: 'string', bodyLimit: MAX_BODY_BYTES }, (request, body, done) => {
    if (request.headers['content-type'] === undefined) return parseJson(request, body as string, done);
    done(unsupportedMediaType());
  });
}
