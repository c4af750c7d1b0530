import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { deleteUnlessReferenced, type DeletableTable } from '../../common/deletion/delete-unless-referenced';
import { resourceNotFound } from '../../common/errors/api-error';
import { throwIfInvalid } from '../../common/forms/form-validation.exception';
import { submittedChanges, type UpdateMode } from '../../common/forms/submitted-changes';
import { checkUnique, withUniqueValue, type UniqueField } from '../../common/forms/unique-value';
import type { SubmittedForm } from '../../common/forms/validate-form';
import { inWriteTransaction } from '../../database/write-transaction';
import { ZoneMember } from '../entities/zone-member.entity';
import { Zone, type ZoneType } from '../entities/zone.entity';
import { checkMembers } from './zone-members';
import { CODE_TAKEN } from './zone-messages';
import type { ZoneForm } from './zone.form';

const UNIQUE_CODE: UniqueField = { entity: Zone, property: 'code', constraint: 'zone_code_unique', message: CODE_TAKEN };

/** Tax rates, shipping methods and channels (their default tax zone) use a zone, and so do the zones it is a member of. */
const ZONES: DeletableTable = {
  table: 'zone',
  resource: 'zone',
  references: [
    { table: 'tax_rate', column: 'zone_id', by: 'id' },
    { table: 'shipping_method', column: 'zone_id', by: 'id' },
    { table: 'channel', column: 'default_tax_zone_id', by: 'id' },
    // A fixed join (members copy codes, and count only in zones of zones), written in as the table.
    { table: `zone_member m join zone z on z.id = m.zone_id and z.type = 'zone'`, column: 'm.code', by: 'code' },
  ],
};

/**
 * Creates, changes and deletes zones with their members, each in one transaction. Zones and members are
 * part of the shop configuration the pricing cache holds: triggers move its version in the same
 * transaction as every change of either table (see src/orders/pricing/shop-configuration-cache.ts).
 */
@Injectable()
export class ZoneWritesService {
  constructor(private readonly em: EntityManager) {}

  /** POST `/zones/{type}`: the type is the path's. */
  async create(zoneType: ZoneType, form: SubmittedForm<ZoneForm>): Promise<Zone> {
    return withUniqueValue(form.errors, UNIQUE_CODE, () =>
      inWriteTransaction(this.em, async (tx) => {
        await checkUnique(tx, form.errors, UNIQUE_CODE, form.data.code);
        const codes = await checkMembers(tx, form.errors, form.data.members, zoneType, form.data.code ?? null);
        throwIfInvalid(form.errors);
        const zone = tx.create(Zone, { code: form.data.code!, name: form.data.name!, type: zoneType, scope: form.data.scope! });
        for (const code of codes) zone.members.add(tx.create(ZoneMember, { zone, code }));
        await tx.flush();
        return zone;
      }),
    );
  }

  /**
   * PUT (`replace`) or PATCH (`merge`); type and code never change. The members sent replace the zone's
   * (PUT always, PATCH when sent): members kept keep their ids, new ones follow in the order sent.
   */
  async update(code: string, form: SubmittedForm<ZoneForm>, mode: UpdateMode): Promise<void> {
    await inWriteTransaction(this.em, async (tx) => {
      const zone = await tx.findOne(Zone, { code }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (zone === null) throw resourceNotFound('zone');
      const replaceMembers = mode === 'replace' || form.sent.has('members');
      const codes = replaceMembers ? await checkMembers(tx, form.errors, form.data.members, zone.type, zone.code) : null;
      throwIfInvalid(form.errors);
      const changes = submittedChanges(form.data, { name: null, scope: null }, mode);
      if (changes.name != null) zone.name = changes.name;
      if (changes.scope != null) zone.scope = changes.scope;
      if (codes !== null) {
        const members = await tx.find(ZoneMember, { zone }, { orderBy: { id: 'asc' } });
        for (const member of members) if (!codes.includes(member.code)) tx.remove(member);
        const kept = new Set(members.map((member) => member.code));
        for (const memberCode of codes) if (!kept.has(memberCode)) tx.create(ZoneMember, { zone, code: memberCode });
      }
      await tx.flush();
    });
  }

  async delete(code: string): Promise<void> {
    await inWriteTransaction(this.em, (tx) => deleteUnlessReferenced(tx, ZONES, code));
  }
}
