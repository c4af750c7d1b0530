import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, Matches } from 'class-validator';
import { Form } from '../../common/forms/form-shape';
import { NOT_VALID } from '../../common/forms/messages';
import { RESOURCE_CODE } from '../../common/forms/resource-code';
import { RefersTo, StoredIn } from '../../common/forms/stored-in';
import { MinChars, NotBlank } from '../../common/forms/text-rules';
import { trimmed } from '../../common/forms/trim';
import { ZoneMember } from '../entities/zone-member.entity';
import { Zone, type ZoneScope } from '../entities/zone.entity';
import * as m from './zone-messages';

const ZONE_SCOPES: readonly ZoneScope[] = ['all', 'shipping', 'tax'];

// Rules run from the one nearest the property upwards, and stop at the first failure.

/** One member: the code of a country, province or zone, by the zone's type (looked up by the service). */
@Form({ fields: ['code'] })
export class ZoneMemberForm {
  @RefersTo(ZoneMember, 'code')
  @IsString({ message: NOT_VALID })
  @NotBlank({ message: NOT_VALID })
  @Transform(trimmed)
  code?: string | null;
}

/**
 * Body of POST `/zones/{type}`, PUT and PATCH `/zones/{code}`. `type` is a child that is never read (the
 * path of POST gives it, and it never changes); `code` is read on POST only.
 */
@Form({ fields: ['name', 'type', 'members', 'scope', 'code'], lists: { members: ZoneMemberForm } })
export class ZoneForm {
  @StoredIn(Zone, 'name', { message: m.nameTooLong })
  @MinChars(2, { message: m.NAME_TOO_SHORT })
  @IsString({ message: NOT_VALID })
  @NotBlank({ message: m.NAME_BLANK })
  @Transform(trimmed)
  name?: string | null;

  @IsOptional()
  type?: unknown;

  members!: ReadonlyMap<number, ZoneMemberForm>;

  @IsIn(ZONE_SCOPES, { message: NOT_VALID })
  @NotBlank({ message: m.SCOPE_BLANK })
  @Transform(trimmed)
  scope?: ZoneScope | null;

  @StoredIn(Zone, 'code', { message: m.codeTooLong })
  @Matches(RESOURCE_CODE, { message: m.CODE_INVALID })
  @IsString({ message: NOT_VALID })
  @NotBlank({ message: m.CODE_BLANK })
  @Transform(trimmed)
  code?: string | null;
}
