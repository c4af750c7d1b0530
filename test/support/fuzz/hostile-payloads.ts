import fc from 'fast-check';
import { CONTENT_TYPES, KNOWN_FIELDS } from './fuzz-requests';
import { PROTOTYPE_KEYS } from './hostile-values';

/**
 * Raw request bodies a JSON parser and the forms behind it must survive: broken JSON, non-object
 * JSON, duplicate keys, prototype keys, deep nesting (alone and inside a field), bodies around and
 * over the 1 MiB limit, huge arrays and key counts, and the wrong content types.
 */

export interface RawPayload {
  name: string;
  contentType: string | null;
  body: string;
}

const MIB = 1024 * 1024;

const BROKEN_JSON = [
  '{', '}', '[', '{"a":}', '{"a":1,}', "{'a':1}", '{"a":1}garbage', '{"a":1}{"b":2}', 'nul', 'tru', '{"a":NaN}', '{"a":Infinity}', '{"a":-}', '{"a":01}',
  '{"a":"\\x00"}', '{"a":"\\ud800"}', '{"a":"unterminated}', '\u0000', '\ufeff{}', '{"a":1e999}', '{"a":-1e999}', '{"quantity":1e999}',
  '{"quantity":123456789012345678901234567890}', '{"quantity":-0}', '{"quantity":1.0}', '{"quantity":0.1e1}', '{"quantity":"1"}', '{"quantity":[1]}',
  '""', '"abc"', '1', '-1', 'true', 'null', '[]', '[{}]', '{}', ' ', '\n\t', '/* comment */ {}',
];

const nestedArray = (depth: number): string => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const nestedObject = (depth: number): string => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

/** A field holding a deep value, e.g. {"quantity": [[[[...]]]]}. */
const deepField = fc.tuple(fc.constantFrom(...KNOWN_FIELDS), fc.constantFrom(32, 512, 5000, 50_000), fc.boolean()).map(
  ([field, depth, arrays]): RawPayload => ({
    name: `${field} nested ${depth} deep (${arrays ? 'arrays' : 'objects'})`,
    contentType: 'application/json',
    body: `{${JSON.stringify(field)}:${arrays ? nestedArray(depth) : nestedObject(depth)}}`,
  }),
);

const deepBody = fc.tuple(fc.constantFrom(100, 10_000, 200_000), fc.boolean()).map(
  ([depth, arrays]): RawPayload => ({
    name: `body nested ${depth} deep`,
    contentType: 'application/json',
    body: arrays ? nestedArray(depth) : nestedObject(depth),
  }),
);

const duplicateKeys = fc.tuple(fc.constantFrom(...KNOWN_FIELDS), fc.jsonValue({ maxDepth: 1 }), fc.jsonValue({ maxDepth: 1 })).map(
  ([field, first, second]): RawPayload => ({
    name: `duplicate ${field}`,
    contentType: 'application/json',
    body: `{${JSON.stringify(field)}:${JSON.stringify(first)},${JSON.stringify(field)}:${JSON.stringify(second)}}`,
  }),
);

const prototypeKeys = fc.tuple(fc.constantFrom(...PROTOTYPE_KEYS), fc.constantFrom(...KNOWN_FIELDS, 'user')).map(
  ([key, field]): RawPayload => ({
    name: `prototype key ${key}`,
    contentType: 'application/json',
    body: `{${JSON.stringify(key)}:{"${field}":"x","isAdmin":true},${JSON.stringify(field)}:{${JSON.stringify(key)}:{"enabled":true}}}`,
  }),
);

const sizes = fc.constantFrom(MIB - 64, MIB + 1, 3 * MIB).map(
  (size): RawPayload => ({
    name: `body of ${size} bytes`,
    contentType: 'application/json',
    body: `{"email":"${'a'.repeat(Math.max(0, size - 13))}"}`,
  }),
);

const manyItems = fc.tuple(fc.constantFrom('groups', 'authorizationRoles', 'quantity', 'variant', 'customer'), fc.constantFrom(1000, 60_000)).map(
  ([field, count]): RawPayload => ({
    name: `${field} with ${count} items`,
    contentType: 'application/json',
    body: `{${JSON.stringify(field)}:[${Array.from({ length: count }, (_, index) => JSON.stringify(`code${index}`)).join(',')}]}`,
  }),
);

const manyKeys = fc.constantFrom(1000, 50_000).map(
  (count): RawPayload => ({
    name: `${count} keys`,
    contentType: 'application/json',
    body: `{${Array.from({ length: count }, (_, index) => `"k${index}":${index}`).join(',')}}`,
  }),
);

const wrongContentType = fc.tuple(fc.constantFrom(...CONTENT_TYPES, null), fc.constantFrom('{"quantity":1,"variant":"MUG_SW"}', 'quantity=1&variant=MUG_SW', '<a>1</a>', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--')).map(
  ([contentType, body]): RawPayload => ({ name: `content type ${contentType}`, contentType, body }),
);

const broken = fc.tuple(fc.constantFrom(...BROKEN_JSON), fc.constantFrom('application/json', null)).map(
  ([body, contentType]): RawPayload => ({ name: `raw ${JSON.stringify(body.slice(0, 40))}`, contentType, body }),
);

export const rawPayload: fc.Arbitrary<RawPayload> = fc.oneof(
  { weight: 5, arbitrary: broken },
  { weight: 3, arbitrary: deepField },
  { weight: 1, arbitrary: deepBody },
  { weight: 3, arbitrary: duplicateKeys },
  { weight: 2, arbitrary: prototypeKeys },
  { weight: 1, arbitrary: sizes },
  { weight: 1, arbitrary: manyItems },
  { weight: 1, arbitrary: manyKeys },
  { weight: 3, arbitrary: wrongContentType },
);

/** A fixed set every route gets at least once, whatever the random run picks. */
export const SWEEP_PAYLOADS: RawPayload[] = [
  { name: 'broken JSON', contentType: 'application/json', body: '{"a":' },
  { name: 'JSON array', contentType: 'application/json', body: '[1,2]' },
  { name: 'NUL in a known field', contentType: 'application/json', body: `{${KNOWN_FIELDS.map((field) => `${JSON.stringify(field)}:"a\\u0000b"`).join(',')}}` },
  { name: 'lone surrogate in every known field', contentType: 'application/json', body: `{${KNOWN_FIELDS.map((field) => `${JSON.stringify(field)}:"a\\udfffb"`).join(',')}}` },
  { name: 'every known field a long string', contentType: 'application/json', body: `{${KNOWN_FIELDS.map((field) => `${JSON.stringify(field)}:"${'é'.repeat(5000)}"`).join(',')}}` },
  { name: 'every known field a giant number', contentType: 'application/json', body: `{${KNOWN_FIELDS.map((field) => `${JSON.stringify(field)}:1e308`).join(',')}}` },
  { name: 'every known field nested', contentType: 'application/json', body: `{${KNOWN_FIELDS.map((field) => `${JSON.stringify(field)}:${nestedArray(20)}`).join(',')}}` },
  { name: 'deep field', contentType: 'application/json', body: `{"user":${nestedObject(20_000)}}` },
  { name: 'over the size limit', contentType: 'application/json', body: `{"email":"${'a'.repeat(MIB + 10)}"}` },
  { name: 'text/plain', contentType: 'text/plain', body: 'hello' },
  { name: 'form body', contentType: 'application/x-www-form-urlencoded', body: 'a=1&b=2' },
  { name: 'duplicate keys', contentType: 'application/json', body: '{"quantity":1,"quantity":"x","email":"a@b.c","email":null}' },
  { name: 'prototype keys', contentType: 'application/json', body: '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}' },
];
