import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsEmail, IsIn, IsOptional, IsString, ValidateNested } from 'class-validator';
import { Form } from '../../common/forms/form-shape';
import { NOT_VALID } from '../../common/forms/messages';
import type { Gender } from '../entities/customer.entity';
import { canonicalEmail } from '../canonical-email';
import { IsBirthday } from './birthday';
import * as m from './customer-messages';
import { checkbox, codeList, IsPlainObject, IsStringList, MaxChars, MinChars, NotBlank } from './form-values';
import { trimmed, trimmedOrNull } from '../../common/forms/trim';

export const GENDERS: readonly Gender[] = ['u', 'm', 'f'];
export const ROLE_PATTERN = /^ROLE_[A-Z0-9_]{1,250}$/;
const GROUP_CODE = /^\S.{0,254}$/s;

// Rules run from the one nearest the property upwards, and stop at the first failure.

/** The shop account sent with a customer (`user`). */
@Form({ fields: ['plainPassword', 'authorizationRoles', 'enabled'] })
export class CustomerUserForm {
  @MaxChars(254, { message: m.PASSWORD_TOO_LONG })
  @MinChars(4, { message: m.PASSWORD_TOO_SHORT })
  @IsString({ message: NOT_VALID })
  @IsOptional()
  plainPassword?: string | null;

  @IsStringList(ROLE_PATTERN, { message: NOT_VALID })
  @IsOptional()
  authorizationRoles?: string[] | null;

  @IsBoolean({ message: NOT_VALID })
  @IsOptional()
  @Transform(checkbox)
  enabled?: boolean;
}

/** Body of POST, PUT and PATCH `/customers`; `groups` is also accepted as `group`. */
@Form({
  fields: ['firstName', 'lastName', 'email', 'birthday', 'gender', 'phoneNumber', 'subscribedToNewsletter', 'group', 'user'],
  aliases: { groups: 'group' },
  subForms: { user: CustomerUserForm },
})
export class CustomerForm {
  @MaxChars(255, { message: m.FIRST_NAME_TOO_LONG })
  @MinChars(2, { message: m.FIRST_NAME_TOO_SHORT })
  @IsString({ message: NOT_VALID })
  @IsOptional()
  @Transform(trimmedOrNull)
  firstName?: string | null;

  @MaxChars(255, { message: m.LAST_NAME_TOO_LONG })
  @MinChars(2, { message: m.LAST_NAME_TOO_SHORT })
  @IsString({ message: NOT_VALID })
  @IsOptional()
  @Transform(trimmedOrNull)
  lastName?: string | null;

  @IsEmail({}, { message: m.EMAIL_INVALID })
  // The canonical form can be longer than the email as sent (some capitals lowercase to two characters).
  @MaxChars(254, { message: m.EMAIL_TOO_LONG }, canonicalEmail)
  @IsString({ message: NOT_VALID })
  @NotBlank({ message: m.EMAIL_BLANK })
  @Transform(trimmed)
  email?: string | null;

  @IsBirthday({ message: NOT_VALID })
  @IsOptional()
  @Transform(trimmedOrNull)
  birthday?: string | null;

  @IsIn(GENDERS, { message: NOT_VALID })
  @NotBlank({ message: m.GENDER_BLANK })
  @Transform(trimmed)
  gender?: Gender | null;

  @MaxChars(255, { message: m.PHONE_NUMBER_TOO_LONG })
  @IsString({ message: NOT_VALID })
  @IsOptional()
  @Transform(trimmedOrNull)
  phoneNumber?: string | null;

  @IsBoolean({ message: NOT_VALID })
  @IsOptional()
  @Transform(checkbox)
  subscribedToNewsletter?: boolean;

  @IsStringList(GROUP_CODE, { message: NOT_VALID })
  @IsOptional()
  @Transform(codeList)
  group?: string[];

  @IsStringList(GROUP_CODE, { message: NOT_VALID })
  @IsOptional()
  @Transform(codeList)
  groups?: string[];

  @ValidateNested()
  @IsPlainObject({ message: NOT_VALID })
  @IsOptional()
  @Type(() => CustomerUserForm)
  user?: CustomerUserForm | null;
}
