import type { ReferenceObject, SchemaObject } from '@nestjs/swagger';

/**
 * Small builders for OpenAPI 3.0 schema objects. Response shapes are written out explicitly (not
 * derived from classes) so that the document states exactly what the serializers emit: closed objects,
 * the keys that are always there, and the ones left out when null.
 */

export type Schema = SchemaObject | ReferenceObject;

export const integer = (extra: SchemaObject = {}): SchemaObject => ({ type: 'integer', ...extra });
export const string = (extra: SchemaObject = {}): SchemaObject => ({ type: 'string', ...extra });
export const boolean = (extra: SchemaObject = {}): SchemaObject => ({ type: 'boolean', ...extra });
export const arrayOf = (items: Schema, extra: SchemaObject = {}): SchemaObject => ({ type: 'array', items, ...extra });

/** Money in minor units of the currency (1059 = 10.59). */
export const money = (description: string, extra: SchemaObject = {}): SchemaObject => integer({ description, ...extra });

/** A datetime as the API writes it: `YYYY-MM-DDThh:mm:ss+hhmm`, always in UTC. */
export const dateTime = (description: string): SchemaObject =>
  string({ description, pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}[+-]\\d{4}$', example: '2026-11-21T10:20:30+0000' });

export interface ObjectOptions {
  /** Keys that are left out when their value is null. Every other key is always present. */
  optional?: readonly string[];
  description?: string;
  example?: unknown;
}

/** An object with exactly these keys: no others may appear. */
export function closedObject(properties: Record<string, Schema>, options: ObjectOptions = {}): SchemaObject {
  const optional = new Set(options.optional ?? []);
  for (const key of optional) {
    if (!(key in properties)) throw new Error(`Optional key "${key}" is not a property`);
  }
  const required = Object.keys(properties).filter((key) => !optional.has(key));
  return {
    type: 'object',
    ...(options.description !== undefined && { description: options.description }),
    // OpenAPI 3.0 does not allow an empty `required` list.
    ...(required.length > 0 && { required }),
    properties,
    additionalProperties: false,
    ...(options.example !== undefined && { example: options.example }),
  };
}

/**
 * A map keyed by a code (locale, channel). The serializer writes an empty map as `[]`, the way the
 * reference implementation does, so both forms are allowed.
 */
export function keyedMap(value: Schema, keyedBy: string): SchemaObject {
  return {
    description: `Keyed by ${keyedBy}. An empty map is written as an empty array \`[]\`.`,
    oneOf: [
      { type: 'object', additionalProperties: value, minProperties: 1 },
      { type: 'array', maxItems: 0, items: {} },
    ],
  };
}

/** `{href}` whose value matches the given pattern. */
export function link(hrefPattern: string, example: string, description?: string): SchemaObject {
  return closedObject({ href: string({ pattern: hrefPattern, example, ...(description !== undefined && { description }) }) });
}

/** `{self: {href}}`. */
export function selfLinks(hrefPattern: string, example: string): SchemaObject {
  return closedObject({ self: link(hrefPattern, example) });
}

/** Path segment as written in links: anything but a slash. */
export const SEGMENT = '[^/]+';
export const ID = '[1-9]\\d*';
