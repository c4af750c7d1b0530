import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsEmail, IsIn, IsOptional, IsString, ValidateNested } from 'class-validator';
import { Form } from '../../common/forms/form-shape';
import { NOT_VALID } from '../../common/forms/messages';
import type { Gender } from '../entities/customer.entity';
import { canonicalEmail } from '../canonical-email';
import { RefersTo, StoredIn } from '../../common/forms/stored-in';
import { CustomerGroup } from '../entities/customer-group.entity';
import { Customer } from '../entities/customer.entity';
import { ShopUser } from '../entities/shop-user.entity';
import { IsBirthday } from './birthday';
import * as m from './customer-messages';
import { codeList, IsStringList, MaxChars } from './form-values';
import { checkbox } from '../../common/forms/checkbox';
import { MinChars, NotBlank } from '../../common/forms/text-rules';
import { IsPlainObject } from '../../common/forms/is-plain-object';
import { trimmed, trimmedOrNull } from '../../common/forms/trim';

export const GENDERS: readonly Gender[] = ['u', 'm', 'f'];
export const ROLE_PATTERN = /^ROLE_[A-Z0-9_]{1,250}$/;
const GROUP_CODE = /^\S.{0,254}$/s;

// Rules run from the one nearest the property upwards, and stop at the first failure. A stored text is
// checked against its column(s) last.

/** The shop account sent with a customer (`user`). */
@Form({ fields: ['plainPassword', 'authorizationRoles', 'enabled'] })
export class CustomerUserForm {
  // Only its hash is stored: the limit is the form's own.
  @MaxChars(254, { message: m.PASSWORD_TOO_LONG })
  @MinChars(4, { message: m.PASSWORD_TOO_SHORT })
  @IsString({ message: NOT_VALID })
  @IsOptional()
  plainPassword?: string | null;

  @StoredIn(ShopUser, 'roles', { each: true })
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
  @StoredIn(Customer, 'firstName', { message: m.firstNameTooLong })
  @MinChars(2, { message: m.FIRST_NAME_TOO_SHORT })
  @IsString({ message: NOT_VALID })
  @IsOptional()
  @Transform(trimmedOrNull)
  firstName?: string | null;

  @StoredIn(Customer, 'lastName', { message: m.lastNameTooLong })
  @MinChars(2, { message: m.LAST_NAME_TOO_SHORT })
  @IsString({ message: NOT_VALID })
  @IsOptional()
  @Transform(trimmedOrNull)
  lastName?: string | null;

  @IsEmail({}, { message: m.EMAIL_INVALID })
  // Stored as sent and in its canonical form, which can be longer (some capitals lowercase to two
  // characters); the shop account's username is the same email.
  @StoredIn(ShopUser, 'usernameCanonical', { message: m.emailTooLong, as: canonicalEmail })
  @StoredIn(ShopUser, 'username', { message: m.emailTooLong })
  @StoredIn(Customer, 'emailCanonical', { message: m.emailTooLong, as: canonicalEmail })
  @StoredIn(Customer, 'email', { message: m.emailTooLong })
  @IsString({ message: NOT_VALID })
  @NotBlank({ message: m.EMAIL_BLANK })
  @Transform(trimmed)
  email?: string | null;

  @IsBirthday({ message: NOT_VALID })
  @IsOptional()
  @Transform(trimmedOrNull)
  birthday?: string | null;

  @StoredIn(Customer, 'gender')
  @IsIn(GENDERS, { message: NOT_VALID })
  @NotBlank({ message: m.GENDER_BLANK })
  @Transform(trimmed)
  gender?: Gender | null;

  @StoredIn(Customer, 'phoneNumber')
  @IsString({ message: NOT_VALID })
  @IsOptional()
  @Transform(trimmedOrNull)
  phoneNumber?: string | null;

  @IsBoolean({ message: NOT_VALID })
  @IsOptional()
  @Transform(checkbox)
  subscribedToNewsletter?: boolean;

  @RefersTo(CustomerGroup, 'code')
  @IsStringList(GROUP_CODE, { message: NOT_VALID })
  @IsOptional()
  @Transform(codeList)
  group?: string[];

  @RefersTo(CustomerGroup, 'code')
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
