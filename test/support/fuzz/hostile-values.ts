import fc from 'fast-check';

/**
 * Values for "any field": every JSON type, boundary and giant numbers, strings with unicode, control
 * characters, NUL, lone surrogates, injection-looking text and huge lengths, nested arrays and objects.
 */

const SPECIAL_NUMBERS = [0, -0, 1, -1, 2, 9999, 10000, 2147483647, 2147483648, -2147483648, -2147483649, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 1e21, 1e308, -1e308, 5e-324, 0.5, 1.5, -1.5];

const SPECIAL_STRINGS = [
  '', ' ', '0', '1', '-1', '1.0', '1e3', '0x10', 'null', 'true', 'false', '[]', '{}', 'NaN', 'Infinity', 'undefined',
  'u', 'm', 'f', 'x', 'M', 'ROLE_USER', 'ROLE_API_ACCESS', 'ROLE_', 'role_user',
  '2020-02-30', '1985-05-16', '0000-00-00', '1900-01-01', '9999-12-31', '10000-01-01', '1985-05-16T10:00:00+14:00', '1985-05-16T25:61:00Z', '-001985-05-16',
  '\u0000', 'a\u0000b', '\u0001\u0002\u0003', '\t\n\r', '\u007f', '\ud800', 'a\udfffb', '\ufeff', '\u202e\u0041', '\u200b', 'é', 'Ⅻ', 'ß', 'İ', '😀', '👩‍👩‍👧‍👦',
  '<script>alert(1)</script>', "'; drop table customer; --", "' or '1'='1", '%s%n%x', '${7*7}', '{{7*7}}', '../../etc/passwd', '\\', '"', "'",
  'a@b', 'a@b.c', '@example.com', 'user@', 'UPPER@EXAMPLE.COM', 'x'.repeat(254) + '@e.com', 'white space@example.com',
  'WEB', 'EU_WEB', 'en_US', 'de_DE', 'xx_XX', 'MUG_SW', 'HOODIE_L', 'OLD_MUG_DEFAULT', 'SAVE10', 'retail', 'wholesale',
];

const hugeString = fc
  .tuple(fc.constantFrom('a', 'é', '😀', '\u0000', ' ', 'ab%'), fc.oneof(fc.integer({ min: 255, max: 4096 }), fc.integer({ min: 4096, max: 300_000 })))
  .map(([unit, length]) => unit.repeat(length));

const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...SPECIAL_STRINGS) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 300 }) },
  { weight: 1, arbitrary: fc.emailAddress() },
  { weight: 1, arbitrary: fc.emailAddress().map((email) => email.replace(/[a-z]/g, (c, i: number) => (i % 2 ? c.toUpperCase() : c))) },
  { weight: 1, arbitrary: hugeString },
);

/**
 * Strings for path segments and query values: as hostile, but short enough for a URL a real server
 * accepts (Node refuses request heads over 16 KiB with 431 before the application sees them).
 */
export const hostileUrlText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...SPECIAL_STRINGS.filter((text) => text.length <= 300)) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 120 }) },
  { weight: 1, arbitrary: fc.emailAddress() },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('a', '%', 'é', '9'), fc.integer({ min: 90, max: 2000 })).map(([unit, length]) => unit.repeat(length)) },
);

const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(...SPECIAL_NUMBERS),
  fc.integer(),
  fc.integer({ min: -5, max: 20 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

const hostileLeaf: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 1, arbitrary: fc.constantFrom(null, true, false) },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 5, arbitrary: hostileString },
);

/** Any JSON value, nested a few levels (deeper nesting is sent as raw text, see hostile-payloads). */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 6, arbitrary: hostileLeaf },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 4 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('code', 'plainPassword', 'enabled', 'authorizationRoles')), tie('value'), { maxKeys: 4 }) },
  ),
})).value;

/** Keys that exist on Object.prototype or change prototypes when handled carelessly. */
export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__'];
