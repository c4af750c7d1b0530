import type { ReferenceObject, SchemaObject } from '@nestjs/swagger';

const schemas = new Map<string, SchemaObject>();

/**
 * Registers a named schema for `components/schemas` and returns a `$ref` to it. Schema modules call
 * this when they are loaded, so whatever a controller's decorators refer to is in the document
 * without a central list.
 */
export function defineSchema(name: string, schema: SchemaObject): ReferenceObject {
  const existing = schemas.get(name);
  if (existing !== undefined && JSON.stringify(existing) !== JSON.stringify(schema)) {
    throw new Error(`Two different OpenAPI schemas are named "${name}"`);
  }
  schemas.set(name, schema);
  return { $ref: `#/components/schemas/${name}` };
}

/** Every schema defined so far, sorted by name. */
export function registeredSchemas(): Record<string, SchemaObject> {
  return Object.fromEntries([...schemas.entries()].sort(([a], [b]) => a.localeCompare(b)));
}
