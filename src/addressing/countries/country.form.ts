import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional, IsString, Matches, ValidateBy, type ValidationOptions } from 'class-validator';
import { checkbox } from '../../common/forms/checkbox';
import { Form } from '../../common/forms/form-shape';
import { NOT_VALID } from '../../common/forms/messages';
import { StoredIn } from '../../common/forms/stored-in';
import { MinChars, NotBlank } from '../../common/forms/text-rules';
import { trimmed, trimmedOrNull } from '../../common/forms/trim';
import { Country } from '../entities/country.entity';
import { Province } from '../entities/province.entity';
import { isCountryCode } from './country-code';
import * as m from './country-messages';

function IsCountryCode(options: ValidationOptions): PropertyDecorator {
  return ValidateBy({ name: 'isCountryCode', validator: { validate: (value: unknown) => typeof value === 'string' && isCountryCode(value) } }, options);
}

// Rules run from the one nearest the property upwards, and stop at the first failure.

/** One province of a new country. */
@Form({ fields: ['code', 'name', 'abbreviation'] })
export class ProvinceForm {
  @Matches(/^[A-Z]{2}-[A-Z0-9]+$/, { message: m.PROVINCE_CODE_FORMAT })
  @StoredIn(Province, 'code')
  @IsString({ message: NOT_VALID })
  @NotBlank({ message: m.PROVINCE_CODE_BLANK })
  @Transform(trimmed)
  code?: string | null;

  @StoredIn(Province, 'name', { message: m.provinceNameTooLong })
  @MinChars(2, { message: m.PROVINCE_NAME_TOO_SHORT })
  @IsString({ message: NOT_VALID })
  @NotBlank({ message: m.PROVINCE_NAME_BLANK })
  @Transform(trimmed)
  name?: string | null;

  @StoredIn(Province, 'abbreviation')
  @IsString({ message: NOT_VALID })
  @IsOptional()
  @Transform(trimmedOrNull)
  abbreviation?: string | null;
}

/** Body of POST `/countries` (a country is never changed, only created and deleted). */
@Form({ fields: ['provinces', 'enabled', 'code'], lists: { provinces: ProvinceForm } })
export class CountryForm {
  provinces!: ReadonlyMap<number, ProvinceForm>;

  @IsBoolean({ message: NOT_VALID })
  @IsOptional()
  @Transform(checkbox)
  enabled?: boolean;

  @IsCountryCode({ message: m.CODE_INVALID })
  @StoredIn(Country, 'code')
  @IsString({ message: NOT_VALID })
  @NotBlank({ message: m.CODE_BLANK })
  @Transform(trimmed)
  code?: string | null;
}
