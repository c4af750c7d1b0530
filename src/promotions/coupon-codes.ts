import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';

/** Rounds of drawing before giving up: each round draws again only the codes that collided. */
const ROUNDS = 8;

interface CodeSpec {
  amount: number;
  codeLength: number;
  prefix: string;
  suffix: string;
}

/** How many different codes the spec can make (upper-case hexadecimal digits in the random part). */
export const codeSpace = (codeLength: number): number => 16 ** codeLength;

/** One random code: the prefix, `codeLength` upper-case hexadecimal digits, the suffix. */
function drawCode(spec: CodeSpec): string {
  const digits = randomBytes(Math.ceil(spec.codeLength / 2)).toString('hex').slice(0, spec.codeLength).toUpperCase();
  return `${spec.prefix}${digits}${spec.suffix}`;
}

/** Which of `codes` some coupon already has (coupon codes are unique across promotions). */
async function takenCodes(tx: EntityManager, codes: readonly string[]): Promise<Set<string>> {
  const rows = await tx.execute<Array<{ code: string }>>(
    `select code from promotion_coupon where code in (select value from json_array_elements_text(?::json))`,
    [JSON.stringify(codes)],
  );
  return new Set(rows.map((row) => row.code));
}

/**
 * `amount` new codes, all different and none an existing coupon's; null when the rounds run out first
 * (the code space is nearly used up). A concurrent write may still take one of them before this one
 * commits: the unique index refuses it then.
 */
export async function newCouponCodes(tx: EntityManager, spec: CodeSpec): Promise<string[] | null> {
  const codes = new Set<string>();
  const space = codeSpace(spec.codeLength);
  for (let round = 0; round < ROUNDS && codes.size < spec.amount; round++) {
    const wanted = spec.amount - codes.size;
    // More candidates than wanted, so a round usually fills the rest even when some are taken; bounded draws.
    const target = Math.min(wanted + Math.max(wanted, 16), space - codes.size);
    const drawn = new Set<string>();
    for (let draws = 0; drawn.size < target && draws < target * 20; draws++) {
      const code = drawCode(spec);
      if (!codes.has(code)) drawn.add(code);
    }
    const taken = await takenCodes(tx, [...drawn]);
    for (const code of drawn) if (!taken.has(code) && codes.size < spec.amount) codes.add(code);
  }
  return codes.size === spec.amount ? [...codes] : null;
}
