import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsOptional, IsString, Matches, ValidateNested } from 'class-validator';
import { checkbox } from '../../common/forms/checkbox';
import { Form } from '../../common/forms/form-shape';
import { integerRange, IsIntegerIn } from '../../common/forms/integer-range';
import { IsPlainObject } from '../../common/forms/is-plain-object';
import { NOT_BLANK, NOT_VALID } from '../../common/forms/messages';
import { RESOURCE_CODE } from '../../common/forms/resource-code';
import { RefersTo, StoredIn } from '../../common/forms/stored-in';
import { MinChars, NotBlank } from '../../common/forms/text-rules';
import { trimmed, trimmedOrNull } from '../../common/forms/trim';
import { Channel } from '../../channels/entities/channel.entity';
import { codeList, IsStringList, MaxChars } from '../../customers/forms/form-values';
import { PromotionRule } from '../entities/promotion-rule.entity';
import { Promotion } from '../entities/promotion.entity';
import { IsCalendarDate, IsTimeOfDay } from './calendar';
import * as m from './promotion-messages';

// Rules run from the one nearest the property upwards, and stop at the first failure.

/** A moment as the reference's date-time widget sends it: `{"date": "YYYY-MM-DD", "time": "HH:MM"}`; both empty is none. */
@Form({ fields: ['date', 'time'] })
export class DateTimeForm {
  @IsCalendarDate({ message: NOT_VALID })
  @IsString({ message: NOT_VALID })
  @IsOptional()
  @Transform(trimmedOrNull)
  date?: string | null;

  @IsTimeOfDay({ message: NOT_VALID })
  @IsString({ message: NOT_VALID })
  @IsOptional()
  @Transform(trimmedOrNull)
  time?: string | null;
}

/** A rule or an action: its type and its type's configuration (checked and converted by the service). */
@Form({ fields: ['type', 'configuration'] })
class PromotionSettingForm {
  @StoredIn(PromotionRule, 'type', { message: () => NOT_VALID })
  @IsString({ message: NOT_VALID })
  @NotBlank({ message: NOT_BLANK })
  @Transform(trimmed)
  type?: string | null;

  @IsOptional()
  configuration?: unknown;
}

const USAGE_LIMIT = integerRange('integer', { min: 1 });
const PRIORITY = integerRange('integer', { min: -2_147_483_647 });

/** Body of POST, PUT and PATCH `/promotions`; `code` is read on POST only (a code never changes). */
@Form({
  fields: ['name', 'description', 'exclusive', 'usageLimit', 'startsAt', 'endsAt', 'priority', 'couponBased', 'rules', 'actions', 'channels', 'code'],
  subForms: { startsAt: DateTimeForm, endsAt: DateTimeForm },
  requiredSubForms: ['startsAt', 'endsAt'],
  lists: { rules: PromotionSettingForm, actions: PromotionSettingForm },
})
export class PromotionForm {
  @StoredIn(Promotion, 'name', { message: m.nameTooLong })
  @MinChars(2, { message: m.NAME_TOO_SHORT })
  @IsString({ message: NOT_VALID })
  @NotBlank({ message: m.NAME_BLANK })
  @Transform(trimmed)
  name?: string | null;

  @MaxChars(m.DESCRIPTION_MAX, { message: m.DESCRIPTION_TOO_LONG })
  @MinChars(2, { message: m.DESCRIPTION_TOO_SHORT })
  @IsString({ message: NOT_VALID })
  @IsOptional()
  @Transform(trimmedOrNull)
  description?: string | null;

  @IsBoolean({ message: NOT_VALID })
  @IsOptional()
  @Transform(checkbox)
  exclusive?: boolean;

  @IsIntegerIn(USAGE_LIMIT, { tooLow: m.USAGE_LIMIT_TOO_LOW, tooHigh: m.USAGE_LIMIT_TOO_HIGH })
  @IsOptional()
  usageLimit?: number | null;

  @ValidateNested()
  @IsPlainObject({ message: NOT_VALID })
  @Type(() => DateTimeForm)
  startsAt!: DateTimeForm;

  @ValidateNested()
  @IsPlainObject({ message: NOT_VALID })
  @Type(() => DateTimeForm)
  endsAt!: DateTimeForm;

  @IsIntegerIn(PRIORITY, { tooLow: m.PRIORITY_OUT_OF_RANGE, tooHigh: m.PRIORITY_OUT_OF_RANGE })
  @IsOptional()
  priority?: number | null;

  @IsBoolean({ message: NOT_VALID })
  @IsOptional()
  @Transform(checkbox)
  couponBased?: boolean;

  rules!: ReadonlyMap<number, PromotionSettingForm>;

  actions!: ReadonlyMap<number, PromotionSettingForm>;

  /** Channel codes (one code alone is read as a list of one). */
  @RefersTo(Channel, 'code')
  @IsStringList(RESOURCE_CODE, { message: NOT_VALID })
  @IsOptional()
  @Transform(codeList)
  channels?: string[] | null;

  @StoredIn(Promotion, 'code', { message: m.codeTooLong })
  @Matches(RESOURCE_CODE, { message: m.CODE_INVALID })
  @IsString({ message: NOT_VALID })
  @NotBlank({ message: m.CODE_BLANK })
  @Transform(trimmed)
  code?: string | null;
}
