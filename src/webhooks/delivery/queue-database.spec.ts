import { inlineParameters } from './queue-database';

describe('inlineParameters', () => {
  it('writes every value as the literal of the text pg would bind', () => {
    const sql = inlineParameters('select $1, $2, $3, $4::timestamptz = $11, $5::uuid[], $6::jsonb, $10', [
      "it's",
      42,
      null,
      new Date('2026-11-27T03:00:00.000Z'),
      ['a', 'b"c'],
      { key: "o'clock" },
      0, 0, 0,
      true,
      '2026-11-27T03:00:00Z',
    ]);
    // pg writes a Date in the process's time zone, with its offset.
    const dateText = /^'(.*)'::timestamptz/.exec(sql.split(', ')[3])?.[1] ?? '';
    expect(new Date(dateText).toISOString()).toBe('2026-11-27T03:00:00.000Z');
    expect(sql).toBe(
      `select 'it''s', '42', NULL, '${dateText}'::timestamptz = '2026-11-27T03:00:00Z',  E'{"a","b\\\\"c"}'::uuid[], '{"key":"o''clock"}'::jsonb, 'true'`,
    );
  });

  it('escapes backslashes with the E prefix', () => {
    expect(inlineParameters('select $1', ['a\\b'])).toBe("select  E'a\\\\b'");
  });

  it('refuses a placeholder without a value', () => {
    expect(() => inlineParameters('select $2', [1])).toThrow('No value for $2');
  });
});
