import { escapeLiteral } from 'pg';

/**
 * The text of a parameter as pg sends it, for the kinds of value pg-boss and the engine pass: text,
 * numbers, booleans, Dates (as UTC ISO text: the same instant, for the timestamptz columns they fill),
 * arrays (PostgreSQL's array literal), buffers (bytea hex) and JSON objects. Anything else is refused
 * rather than guessed at.
 */
function parameterText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value)) return `\\x${value.toString('hex')}`;
  if (Array.isArray(value)) return arrayLiteral(value);
  if (Object.getPrototypeOf(value) === Object.prototype) return JSON.stringify(value);
  throw new Error(`Cannot send a ${Object.prototype.toString.call(value)} as a parameter`);
}

/** `{"a","b"}`: every element quoted (backslash and double quote escaped), NULL unquoted, arrays nested. */
function arrayLiteral(values: readonly unknown[]): string {
  const elements = values.map((element) => {
    if (Array.isArray(element)) return arrayLiteral(element);
    const text = parameterText(element);
    return text === null ? 'NULL' : `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  });
  return `{${elements.join(',')}}`;
}

/**
 * `$1`… replaced by quoted literals of the text pg would have bound (pg's public escapeLiteral). Used on
 * the embedded database only (see QueueDatabase and named-statements.ts): its connections share one
 * session, where the unnamed statement of one connection's Parse/Bind/Execute can be replaced by another's.
 */
export function inlineParameters(text: string, values: readonly unknown[]): string {
  return text.replace(/\$(\d+)/g, (_match, index: string) => {
    const position = Number(index) - 1;
    if (position >= values.length) throw new Error(`No value for $${index}`);
    const parameter = parameterText(values[position]);
    return parameter === null ? 'NULL' : escapeLiteral(parameter);
  });
}
