import { applyDecorators } from '@nestjs/common';
import { ApiBody, type ExamplesObject, type SchemaObject } from '@nestjs/swagger';
import { ApiResponses } from '../../common/openapi/api-decorators';
import { invalidJson, payloadTooLarge, unsupportedMediaType } from '../../common/openapi/responses';
import { arrayOf, closedObject, integer, keyedMap, string, type Schema } from '../../common/openapi/schema-builders';
import { defineSchema } from '../../common/openapi/schema-registry';

/** OpenAPI pieces of translations maps: requests, responses and their 400 trees (one child per locale of the shop). */

const messages = () => arrayOf(string(), { minItems: 1 });

/** `translations`: keyed by locale code (en_US stands for any locale of the shop). */
export const translationsMap = (translation: Schema, description: string) => ({
  replace: true,
  type: 'object' as const,
  description: `Keyed by locale code; each key must be a locale of the shop (\`en_US\` stands for any). ${description}`,
  properties: { en_US: translation },
  additionalProperties: translation,
});

/** A field of the 400 tree: `{}` or `{errors}`. */
export const fieldErrorNode = (): SchemaObject =>
  closedObject({ errors: messages() }, { optional: ['errors'], description: 'The messages of this field; `{}` when it has none.' });

/** A form node of the 400 tree with these children. */
export const formErrorNode = (children: Record<string, Schema>): SchemaObject => closedObject({ errors: messages(), children: closedObject(children) }, { optional: ['errors'] });

/** The 400 node of a translations map: one child per locale of the shop, each with the translated fields. */
export function translationsErrorNode(fields: readonly string[]): SchemaObject {
  const locale = formErrorNode(Object.fromEntries(fields.map((field) => [field, fieldErrorNode()])));
  return closedObject(
    { errors: messages(), children: { type: 'object', additionalProperties: locale, description: 'One child per locale of the shop, sent or not.' } },
    { optional: ['errors'] },
  );
}

/** The whole 400 body of a form. */
export function validationErrorBody(name: string, errors: SchemaObject) {
  return defineSchema(
    name,
    closedObject(
      { code: integer({ enum: [400] }), message: string({ enum: ['Validation Failed'] }), errors },
      { description: 'The submitted form is invalid. Every child of the form is listed in form order; one without violations is `{}`.' },
    ),
  );
}

/** A translations map of a request: locale code to the translated texts. */
export function translationsRequest(fields: Record<string, SchemaObject>, example: unknown): SchemaObject {
  return {
    type: 'object',
    description: 'Keyed by locale code (a locale of the shop). A locale left out gets no translation; on PUT, a stored translation left out is blanked (and fails).',
    additionalProperties: { type: 'object', properties: fields, additionalProperties: false },
    example,
  };
}

/** A translations map of a response: locale code to `{id, locale, …texts}`. */
export function translationsResponse(fields: readonly string[]): SchemaObject {
  return keyedMap(closedObject({ id: integer(), locale: string(), ...Object.fromEntries(fields.map((field) => [field, string()])) }), 'locale code');
}

export interface TranslatedBodyOptions {
  schema: Schema;
  examples: ExamplesObject;
  /** The 400 body's schema (validationErrorBody) and an example of it. */
  validation: Schema;
  validationExample: unknown;
}

/** A JSON body read by a form with translations maps, with the answers that come with one (as ApiJsonBody). */
export function ApiTranslatedJsonBody(options: TranslatedBodyOptions): MethodDecorator {
  return applyDecorators(
    ApiBody({ required: true, description: 'JSON object. An empty body is read as `{}`; a missing Content-Type is read as JSON.', schema: options.schema, examples: options.examples }),
    ApiResponses(
      {
        status: 400,
        description: 'The form is invalid; each field lists its violations.',
        schema: options.validation,
        examples: { validationFailed: { summary: 'An invalid form', value: options.validationExample } },
      },
      invalidJson(),
      payloadTooLarge(),
      unsupportedMediaType(),
    ),
  );
}
