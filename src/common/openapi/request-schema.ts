import type { SchemaObject } from '@nestjs/swagger';
import { getMetadataStorage } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
import { formShapeOf } from '../forms/form-shape';
import { formFieldSchema } from './column-schema';
import { arrayOf, closedObject, type Schema } from './schema-builders';
import { defineSchema } from './schema-registry';

/**
 * OpenAPI request schemas read from the form classes, so a rule is written once (on the form) and the
 * document follows it. The form's `@Form()` declaration gives the keys and their order (aliases right
 * after their field); class-validator's decorators give each key's type and limits; a key is
 * optional, and may be null, exactly when it carries `@IsOptional()` (a key the options require is
 * never null); a list of nested forms is an array of its entry form's objects; a text's `maxLength` comes from
 * the column `@StoredIn()` or `@RefersTo()` names (column-schema.ts). What a decorator cannot say
 * (descriptions, examples, a value a transform accepts besides the declared type) comes from `extras`.
 */

type FormClass = abstract new () => unknown;

export interface RequestSchemaOptions {
  description?: string;
  example?: unknown;
  /** The keys that must be present, when they differ from the form's rules (e.g. a PATCH form). */
  required?: readonly string[];
  /** Per key: merged over what the decorators give; `replace: true` takes the given schema as is. */
  properties?: Record<string, SchemaObject & { replace?: boolean }>;
  /** Children of the form this request never takes (sending them is an extra field). */
  omit?: readonly string[];
  /** Per nested form (or list of forms) key: options for the nested object's own keys. */
  nested?: Record<string, RequestSchemaOptions & { description?: string }>;
}

/** What class-validator records for one property, by decorator name. */
function rulesOf(form: FormClass): Map<string, Map<string, ValidationMetadata>> {
  const metadata = getMetadataStorage().getTargetValidationMetadatas(form, '', true, false);
  const byProperty = new Map<string, Map<string, ValidationMetadata>>();
  for (const rule of metadata) {
    const rules = byProperty.get(rule.propertyName) ?? new Map<string, ValidationMetadata>();
    rules.set(rule.name ?? rule.type, rule);
    byProperty.set(rule.propertyName, rules);
  }
  return byProperty;
}

/** The schema class-validator's rules describe for one property. */
function propertySchema(rules: ReadonlyMap<string, ValidationMetadata>): SchemaObject {
  const schema: SchemaObject = {};
  const constraint = (name: string): unknown => (rules.get(name)?.constraints as unknown[] | undefined)?.[0];
  if (rules.has('isString') || rules.has('isBirthday')) schema.type = 'string';
  if (rules.has('isInt')) schema.type = 'integer';
  if (rules.has('isBoolean')) schema.type = 'boolean';
  if (rules.has('isIn')) {
    const values = constraint('isIn') as readonly unknown[];
    if (values.every((value) => typeof value === 'string')) schema.type = 'string';
    schema.enum = [...values];
  }
  if (rules.has('isStringList')) {
    // The pattern is known when the decorator records it as its constraint.
    const pattern = constraint('isStringList') as RegExp | undefined;
    schema.type = 'array';
    schema.items = { type: 'string', ...(pattern !== undefined && { pattern: pattern.source }) };
  }
  // Limits are known when the decorator records them as its constraint (the built-in ones do).
  const limits = { minimum: 'min', maximum: 'max', minLength: 'minChars', maxLength: 'maxChars' } as const;
  for (const [keyword, rule] of Object.entries(limits)) {
    const limit = constraint(rule);
    if (typeof limit === 'number') schema[keyword as keyof typeof limits] = limit;
  }
  return schema;
}

/** The request body schema a form class describes (not registered; see `requestSchemaFor`). */
export function requestSchemaOf(form: FormClass, options: RequestSchemaOptions = {}, nestedForms?: Record<string, FormClass>): SchemaObject {
  const shape = formShapeOf(form);
  const rules = rulesOf(form);
  const keys: string[] = [];
  for (const field of shape.fields) {
    if (options.omit?.includes(field)) continue;
    keys.push(field);
    for (const [alias, target] of Object.entries(shape.aliases)) if (target === field) keys.push(alias);
  }
  const properties: Record<string, Schema> = {};
  const optional: string[] = [];
  for (const key of keys) {
    const own = rules.get(key) ?? new Map<string, ValidationMetadata>();
    const isOptional = own.has('isOptional');
    if (isOptional) optional.push(key);
    const nested = nestedForms?.[key];
    const list = shape.lists[key];
    let schema: SchemaObject;
    if (nested) schema = requestSchemaOf(nested, options.nested?.[key] ?? {});
    else if (list) schema = arrayOf(requestSchemaOf(list.form, options.nested?.[key] ?? {}));
    else schema = formFieldSchema(form, key, propertySchema(own));
    if (isOptional && options.required?.includes(key) !== true) schema = { ...schema, nullable: true };
    const { replace, ...extra } = options.properties?.[key] ?? {};
    properties[key] = replace ? extra : { ...schema, ...extra };
  }
  const required = options.required;
  return closedObject(properties, {
    optional: required === undefined ? optional : keys.filter((key) => !required.includes(key)),
    ...(options.description !== undefined && { description: options.description }),
    ...(options.example !== undefined && { example: options.example }),
  });
}

/**
 * Registers a form's request schema under `name` and returns the `$ref`. `nestedForms` names the
 * form class of each nested key (the `subForms` of its `@Form()`).
 */
export function requestSchemaFor(form: FormClass, name: string, options: RequestSchemaOptions = {}, nestedForms?: Record<string, FormClass>) {
  return defineSchema(name, requestSchemaOf(form, options, nestedForms));
}
