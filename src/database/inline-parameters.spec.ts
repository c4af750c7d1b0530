import { inlineParameters } from './inline-parameters';

describe('inlineParameters', () => {
  it('writes every value as the literal of the text pg would bind', () => {
    const sql = inlineParameters('select $1, $2, $3, $4::timestamptz = $11, $5::uuid[], $6::jsonb, $10, $7', [
      "it's",
      42,
      null,
      new Date('2026-11-27T03:00:00.000Z'),
      ['a', 'b"c'],
      { key: "o'clock" },
      undefined,
      0, 0,
      true,
      '2026-11-27T03:00:00Z',
    ]);
    expect(sql).toBe(
      `select 'it''s', '42', NULL, '2026-11-27T03:00:00.000Z'::timestamptz = '2026-11-27T03:00:00Z',  E'{"a","b\\\\"c"}'::uuid[], '{"key":"o''clock"}'::jsonb, 'true', NULL`,
    );
  });

  it('writes arrays as PostgreSQL array literals: nested, NULL elements, numbers, dates and JSON elements', () => {
    expect(inlineParameters('select $1::int[][], $2::text[], $3::timestamptz[], $4::jsonb[]', [[[1, 2], [3, null]], ['x,y', null, ''], [new Date('2026-01-02T03:04:05.000Z')], [{ a: 1 }]])).toBe(
      `select '{{"1","2"},{"3",NULL}}'::int[][], '{"x,y",NULL,""}'::text[], '{"2026-01-02T03:04:05.000Z"}'::timestamptz[],  E'{"{\\\\"a\\\\":1}"}'::jsonb[]`,
    );
  });

  it('writes buffers as bytea hex and bigints as their digits', () => {
    expect(inlineParameters('select $1::bytea, $2::bigint', [Buffer.from([0, 255, 16]), 9007199254740993n])).toBe("select  E'\\\\x00ff10'::bytea, '9007199254740993'::bigint");
  });

  it('escapes backslashes with the E prefix', () => {
    expect(inlineParameters('select $1', ['a\\b'])).toBe("select  E'a\\\\b'");
  });

  it('refuses a placeholder without a value, and a value it does not know how pg would send', () => {
    expect(() => inlineParameters('select $2', [1])).toThrow('No value for $2');
    expect(() => inlineParameters('select $1', [new Map()])).toThrow('Cannot send a [object Map] as a parameter');
  });
});
