import { Transform } from 'class-transformer';
import { IsBoolean, IsEmail, IsOptional, IsString, Matches, ValidateBy, type ValidationOptions } from 'class-validator';
import { checkbox } from '../../../common/forms/checkbox';
import { charLength } from '../../../common/forms/column-limits';
import { Form } from '../../../common/forms/form-shape';
import { NOT_VALID } from '../../../common/forms/messages';
import { StoredIn } from '../../../common/forms/stored-in';
import { MinChars, NotBlank } from '../../../common/forms/text-rules';
import { trimmed, trimmedOrNull } from '../../../common/forms/trim';
import { canonicalAdminName } from '../../canonical-admin-name';
import { AdminUser } from '../../entities/admin-user.entity';
import * as m from './admin-user-messages';

/** A locale identifier as the shop writes them: language, optional script, optional region (`en_US`, `sr_Latn_RS`). */
const LOCALE_CODE = /^[a-z]{2,3}(_[A-Z][a-z]{3})?(_([A-Z]{2}|[0-9]{3}))?$/;

/** At most `max` characters (the password is stored only as its hash, so the limit is the form's own). */
function MaxChars(max: number, options: ValidationOptions): PropertyDecorator {
  return ValidateBy({ name: 'maxChars', constraints: [max], validator: { validate: (value: unknown) => typeof value !== 'string' || charLength(value) <= max } }, options);
}

/** A locale the runtime knows, spelled with underscores. */
function IsKnownLocale(options: ValidationOptions): PropertyDecorator {
  const known = (value: string): boolean => {
    try {
      return Intl.getCanonicalLocales(value.replace(/_/g, '-')).length === 1;
    } catch {
      return false;
    }
  };
  return ValidateBy({ name: 'knownLocale', validator: { validate: (value: unknown) => typeof value !== 'string' || known(value) } }, options);
}

// Rules run from the one nearest the property upwards, and stop at the first failure. A stored text is
// checked against its column(s) last.

/**
 * Body of POST, PUT and PATCH `/users`. `plainPassword` is required on POST only (the service says so);
 * on PUT and PATCH a password sent replaces the old one, one left out keeps it.
 */
@Form({ fields: ['username', 'email', 'plainPassword', 'enabled', 'firstName', 'lastName', 'localeCode'] })
export class AdminUserForm {
  @StoredIn(AdminUser, 'usernameCanonical', { as: canonicalAdminName })
  @StoredIn(AdminUser, 'username')
  @IsString({ message: NOT_VALID })
  @NotBlank({ message: m.USERNAME_BLANK })
  @Transform(trimmed)
  username?: string | null;

  @IsEmail({}, { message: m.EMAIL_INVALID })
  @StoredIn(AdminUser, 'emailCanonical', { as: canonicalAdminName })
  @StoredIn(AdminUser, 'email')
  @IsString({ message: NOT_VALID })
  @NotBlank({ message: m.EMAIL_BLANK })
  @Transform(trimmed)
  email?: string | null;

  @MaxChars(254, { message: m.PASSWORD_TOO_LONG })
  @MinChars(4, { message: m.PASSWORD_TOO_SHORT })
  @IsString({ message: NOT_VALID })
  @IsOptional()
  // Never trimmed: spaces are part of a password. An empty one is no password (kept on update, missing on create).
  @Transform(({ value }: { value: unknown }) => (value === '' ? null : value))
  plainPassword?: string | null;

  @IsBoolean({ message: NOT_VALID })
  @IsOptional()
  @Transform(checkbox)
  enabled?: boolean;

  @StoredIn(AdminUser, 'firstName')
  @IsString({ message: NOT_VALID })
  @IsOptional()
  @Transform(trimmedOrNull)
  firstName?: string | null;

  @StoredIn(AdminUser, 'lastName')
  @IsString({ message: NOT_VALID })
  @IsOptional()
  @Transform(trimmedOrNull)
  lastName?: string | null;

  @StoredIn(AdminUser, 'localeCode')
  @IsKnownLocale({ message: NOT_VALID })
  @Matches(LOCALE_CODE, { message: NOT_VALID })
  @IsString({ message: NOT_VALID })
  @NotBlank({ message: m.LOCALE_BLANK })
  @Transform(trimmed)
  localeCode?: string | null;
}
