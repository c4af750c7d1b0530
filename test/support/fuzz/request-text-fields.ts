/**
 * The fields of every request body the OpenAPI document describes (here: the text fields, with the
 * length the document states for each, `maxLength`, derived from the column the form stores the field
 * in or looks it up by). A form or field added later is found here without a list to keep.
 */

export type Json = Record<string, unknown>;

/** A position in a body: object keys, and 0 for the first entry of a list. */
export type FieldPath = Array<string | 0>;

/** A field of a request body the document describes, with its schema. */
export interface BodyField {
  /** `METHOD /path` as the document writes it, e.g. `PUT /api/v1/checkouts/addressing/{id}`. */
  operation: string;
  method: string;
  /** The route as the router registered it, e.g. `/api/v1/checkouts/addressing/:id`. */
  routeUrl: string;
  field: FieldPath;
  schema: Json;
  /** A body the document gives as an example, the one that already has the field's first key when there is one. */
  example: Json;
}

export interface TextField extends Omit<BodyField, 'schema'> {
  maxLength: number | null;
}

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

export const fieldName = (field: FieldPath): string => field.map((key) => (key === 0 ? '[0]' : `.${key}`)).join('').replace(/^\./, '');

/** The schema itself, or the one its `$ref` names. */
export function resolve(schema: unknown, document: Json): Json {
  if (!isObject(schema)) return {};
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  const name = ref.replace('#/components/schemas/', '');
  return resolve(((document.components as Json).schemas as Json)[name], document);
}

/** `/api/v1/carts/{cartId}/items/` → `/api/v1/carts/:cartId/items`, as the router registered it. */
export const routeUrlOf = (path: string): string => path.replace(/\{([^}]+)\}/g, ':$1').replace(/\/+$/, '');

/** Every schema inside a body schema that `accept` takes: object properties, list items, and each alternative of anyOf/oneOf. */
function fieldsIn(schema: unknown, document: Json, path: FieldPath, accept: (schema: Json) => boolean, found: Map<string, { field: FieldPath; schema: Json }>): void {
  const resolved = resolve(schema, document);
  for (const alternative of [...((resolved.anyOf as unknown[] | undefined) ?? []), ...((resolved.oneOf as unknown[] | undefined) ?? [])]) fieldsIn(alternative, document, path, accept, found);
  if (accept(resolved)) found.set(fieldName(path), { field: path, schema: resolved });
  if (resolved.type === 'array') fieldsIn(resolved.items, document, [...path, 0], accept, found);
  if (isObject(resolved.properties)) for (const [key, property] of Object.entries(resolved.properties)) fieldsIn(property, document, [...path, key], accept, found);
}

function examplesOf(media: Json, schema: Json): Json[] {
  const examples = isObject(media.examples) ? Object.values(media.examples).map((example) => (isObject(example) ? example.value : undefined)) : [];
  return [...examples, schema.example, media.example].filter(isObject);
}

/** The fields whose schema `accept` takes, in every JSON request body the document describes. */
export function requestBodyFields(document: Json, accept: (schema: Json) => boolean): BodyField[] {
  const fields: BodyField[] = [];
  for (const [path, item] of Object.entries(document.paths as Json)) {
    for (const [method, operation] of Object.entries(item as Json)) {
      const media = isObject(operation) && isObject(operation.requestBody) ? ((operation.requestBody.content as Json | undefined)?.['application/json'] as Json | undefined) : undefined;
      if (media === undefined) continue;
      const schema = resolve(media.schema, document);
      const examples = examplesOf(media, schema);
      const found = new Map<string, { field: FieldPath; schema: Json }>();
      fieldsIn(schema, document, [], accept, found);
      for (const { field, schema: fieldSchema } of found.values()) {
        const example = examples.find((candidate) => Object.prototype.hasOwnProperty.call(candidate, field[0])) ?? examples[0] ?? {};
        fields.push({ operation: `${method.toUpperCase()} ${path}`, method: method.toUpperCase(), routeUrl: routeUrlOf(path), field, schema: fieldSchema, example });
      }
    }
  }
  return fields;
}

export function requestTextFields(document: Json): TextField[] {
  return requestBodyFields(document, (schema) => schema.type === 'string' && schema.enum === undefined).map(({ schema, ...field }) => ({
    ...field,
    maxLength: typeof schema.maxLength === 'number' ? schema.maxLength : null,
  }));
}

/** A copy of `body` with `value` at `field` (objects and the first list entry made as needed). */
export function withValue(body: unknown, field: FieldPath, value: unknown): unknown {
  if (field.length === 0) return value;
  const [key, ...rest] = field;
  if (key === 0) {
    const list = Array.isArray(body) ? [...(body as unknown[])] : [];
    list[0] = withValue(list[0], rest, value);
    return list;
  }
  const copy: Json = isObject(body) ? { ...body } : {};
  copy[key] = withValue(copy[key], rest, value);
  return copy;
}

const ownMessages = (node: unknown): string[] => (isObject(node) && Array.isArray(node.errors) ? (node.errors as string[]) : []);

/**
 * The messages of the 400 tree at `field`. A list of texts reports on the list field itself (it has
 * no child per entry), so the walk stays there; a key the tree does not list is an alias reported by
 * the field it stands for, so the messages of that level's children are returned.
 */
export function messagesAt(errors: unknown, field: FieldPath): string[] {
  let node: unknown = errors;
  for (const key of field) {
    const children = isObject(node) ? node.children : undefined;
    if (key === 0) {
      if (Array.isArray(children)) node = children[0];
      continue;
    }
    if (!isObject(children)) return [];
    if (!Object.prototype.hasOwnProperty.call(children, key)) return Object.values(children).flatMap(ownMessages);
    node = children[key];
  }
  return ownMessages(node);
}
