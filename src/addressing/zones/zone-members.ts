import type { EntityManager } from '@mikro-orm/postgresql';
import type { FormErrors } from '../../common/forms/form-errors';
import { NOT_VALID } from '../../common/forms/messages';
import type { ZoneType } from '../entities/zone.entity';
import { MEMBER_REPEATED, MEMBERS_MISSING } from './zone-messages';
import type { ZoneMemberForm } from './zone.form';

/** Where the members of each zone type live; fixed names, never from a request. */
const MEMBER_TABLES: Record<ZoneType, string> = { country: 'country', province: 'province', zone: 'zone' };

/**
 * The sent codes that exist, each row locked FOR SHARE in id order: a delete of a country, province or
 * zone takes FOR UPDATE on it first, so it waits for this write and then sees the new member.
 */
async function existingCodes(tx: EntityManager, type: ZoneType, codes: readonly string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await tx.execute<Array<{ code: string }>>(
    `select code from ${MEMBER_TABLES[type]} where code in (select value from json_array_elements_text(?::json)) order by id for share`,
    [JSON.stringify(codes)],
  );
  return new Set(rows.map((row) => row.code));
}

/**
 * Checks the members sent for a zone of `type` into `errors` and returns their codes in the order sent:
 * at least one, each naming an existing country, province or zone (a zone never itself), none twice.
 */
export async function checkMembers(tx: EntityManager, errors: FormErrors, members: ReadonlyMap<number, ZoneMemberForm>, type: ZoneType, ownCode: string | null): Promise<string[]> {
  const list = errors.list('members');
  const entries = [...members.entries()].sort(([a], [b]) => a - b);
  list.expectEntries(list.sentLength);
  if (entries.length === 0) errors.addRoot(MEMBERS_MISSING);
  const sent = entries.filter(([index, member]) => !list.entry(index).has('code') && typeof member.code === 'string').map(([index, member]) => [index, member.code!] as const);
  const found = await existingCodes(tx, type, [...new Set(sent.map(([, code]) => code))]);
  const codes: string[] = [];
  for (const [index, code] of sent) {
    if (!found.has(code) || (type === 'zone' && code === ownCode)) list.entry(index).add('code', NOT_VALID);
    else if (codes.includes(code)) list.entry(index).add('code', MEMBER_REPEATED);
    else codes.push(code);
  }
  return codes;
}
