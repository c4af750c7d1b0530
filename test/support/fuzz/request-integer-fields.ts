import { requestBodyFields, resolve, routeUrlOf, withValue, type FieldPath, type Json } from './request-text-fields';

/**
 * The integers of every request the OpenAPI document describes, body fields and query parameters,
 * with the range the document states for each (`minimum`, `maximum`, derived from the form's rules).
 * A form, field or parameter added later is found here without a list to keep.
 */
export interface IntegerField {
  operation: string;
  method: string;
  routeUrl: string;
  /** Where the value is sent: in the JSON body at `field`, or as the query parameter `field[0]`. */
  in: 'body' | 'query';
  field: FieldPath;
  minimum: number | null;
  maximum: number | null;
  /** For a body field: a body the document gives as an example. */
  example: Json;
}

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const bound = (value: unknown): number | null => (typeof value === 'number' ? value : null);

function queryIntegers(document: Json): IntegerField[] {
  const fields: IntegerField[] = [];
  for (const [path, item] of Object.entries(document.paths as Json)) {
    for (const [method, operation] of Object.entries(item as Json)) {
      if (!isObject(operation) || !Array.isArray(operation.parameters)) continue;
      for (const parameter of operation.parameters as unknown[]) {
        if (!isObject(parameter) || parameter.in !== 'query') continue;
        const schema = resolve(parameter.schema, document);
        if (schema.type !== 'integer') continue;
        fields.push({
          operation: `${method.toUpperCase()} ${path}`,
          method: method.toUpperCase(),
          routeUrl: routeUrlOf(path),
          in: 'query',
          field: [String(parameter.name)],
          minimum: bound(schema.minimum),
          maximum: bound(schema.maximum),
          example: {},
        });
      }
    }
  }
  return fields;
}

export function requestIntegerFields(document: Json): IntegerField[] {
  const body = requestBodyFields(document, (schema) => schema.type === 'integer').map(({ schema, ...field }): IntegerField => ({
    ...field,
    in: 'body',
    minimum: bound(schema.minimum),
    maximum: bound(schema.maximum),
  }));
  return [...body, ...queryIntegers(document)];
}

/**
 * Numbers no integer field takes, as JSON (and query) texts: one past each end of the field's range,
 * then numbers past any integer column: 2^53 (the first JSON consumers cannot tell from its
 * neighbour), 1e21 (the first a double prints with an exponent), 1e30, 2^63 (past bigint) and their
 * negatives.
 */
export function outOfRangeTexts(field: IntegerField): string[] {
  const texts = [
    ...(field.maximum === null ? [] : [String(BigInt(field.maximum) + 1n)]),
    ...(field.minimum === null ? [] : [String(BigInt(field.minimum) - 1n)]),
    '9007199254740992', '1e21', '1e30', '9223372036854775808', '-9007199254740992', '-1e21', '-1e30', '-9223372036854775809',
  ];
  return [...new Set(texts)];
}

/** The JSON text of `body` with the number written as `text` at `field` (a text, so it reaches the parser as written). */
export function bodyWithNumber(body: unknown, field: FieldPath, text: string): string {
  const mark = '\u0000number\u0000';
  return JSON.stringify(withValue(body, field, mark)).replace(JSON.stringify(mark), text);
}
