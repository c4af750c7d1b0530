import type { EntityManager } from '@mikro-orm/postgresql';

/** A statement assignValueIds sent, with its bound values (the counts of unit and adjustment ids asked for). */
interface SentStatement {
  sql: string;
  params: unknown[];
}

/**
 * A stand-in for the transaction assignValueIds takes its ids from: its one `execute` answers as the
 * statement does, with ids counted on from the given starts, and records what was sent. Nothing else of
 * an EntityManager is there, so any other use fails loudly.
 */
export function fakeSequences(start: { unit: number; adjustment: number } = { unit: 5000, adjustment: 9000 }) {
  const sent: SentStatement[] = [];
  let nextUnit = start.unit;
  let nextAdjustment = start.adjustment;
  const take = (count: number, from: () => number): number[] => Array.from({ length: count }, from);
  const execute = (sql: string, params: unknown[]) => {
    sent.push({ sql, params });
    const [units, adjustments] = params as [number, number];
    return Promise.resolve([{ units: take(units, () => nextUnit++), adjustments: take(adjustments, () => nextAdjustment++) }]);
  };
  return { tx: { execute } as unknown as EntityManager, sent };
}
