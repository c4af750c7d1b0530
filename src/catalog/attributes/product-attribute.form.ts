import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsOptional, IsString, Matches, ValidateNested } from 'class-validator';
import { checkbox } from '../../common/forms/checkbox';
import { Form } from '../../common/forms/form-shape';
import { integerRange, IsIntegerIn } from '../../common/forms/integer-range';
import { IsPlainObject } from '../../common/forms/is-plain-object';
import { NOT_VALID } from '../../common/forms/messages';
import { IsPosition } from '../../common/forms/position';
import { RESOURCE_CODE } from '../../common/forms/resource-code';
import { StoredIn } from '../../common/forms/stored-in';
import { MinChars, NotBlank } from '../../common/forms/text-rules';
import { trimmed } from '../../common/forms/trim';
import { ProductAttributeTranslation } from './product-attribute-translation.entity';
import { ProductAttribute } from './product-attribute.entity';
import * as m from './product-attribute-messages';

// Rules run from the one nearest the property upwards, and stop at the first failure.

/** A length or a count of a configuration: 0 up to what an integer holds. */
const COUNT = integerRange('integer', { min: 0 });
const IsCount = (): PropertyDecorator => IsIntegerIn(COUNT, { tooLow: m.NOT_NEGATIVE, tooHigh: m.tooHigh(COUNT.maximum) });

/** The name of an attribute in one locale, under its locale code in `translations`. */
@Form({ fields: ['name'] })
export class ProductAttributeTranslationForm {
  @StoredIn(ProductAttributeTranslation, 'name', { message: m.nameTooLong })
  @MinChars(2, { message: m.NAME_TOO_SHORT })
  @IsString({ message: NOT_VALID })
  @NotBlank({ message: m.NAME_BLANK })
  @Transform(trimmed)
  name?: string | null;
}

/**
 * `configuration`: its children depend on the type (attribute-configuration.ts includes them): text and
 * textarea take `min` and `max` text lengths; select takes `choices` (labels by locale code, read by the
 * service), `multiple`, and `min` and `max` counts of picked choices; the other types take none, so any
 * key is an extra field.
 */
@Form({ fields: ['choices', 'multiple', 'min', 'max'], dependentFields: ['choices', 'multiple', 'min', 'max'] })
export class ProductAttributeConfigurationForm {
  @IsOptional()
  choices?: unknown;

  @IsBoolean({ message: NOT_VALID })
  @IsOptional()
  @Transform(checkbox)
  multiple?: boolean;

  @IsCount()
  @IsOptional()
  min?: number | null;

  @IsCount()
  @IsOptional()
  max?: number | null;
}

/** An empty list sent for `configuration` (how empty settings are written) is no settings. */
function emptyConfigurationAsMap(body: Record<string, unknown>): Record<string, unknown> {
  const configuration = body.configuration;
  return Array.isArray(configuration) && configuration.length === 0 ? { ...body, configuration: {} } : body;
}

/**
 * Body of POST, PUT and PATCH `/product-attributes`. `type` is a child of the form but always ignored (the
 * path of the POST gives it); `code` is read on POST only. `translations` is a map keyed by locale code,
 * read by the service against the shop's locales; `configuration` is validated here, and the service
 * shows the settings of the attribute's type and reads them (attribute-configuration.ts).
 */
@Form({
  fields: ['type', 'position', 'translations', 'code', 'configuration'],
  keyed: { translations: ProductAttributeTranslationForm },
  subForms: { configuration: ProductAttributeConfigurationForm },
  prepare: emptyConfigurationAsMap,
})
export class ProductAttributeForm {
  @IsOptional()
  type?: unknown;

  @IsPosition()
  @IsOptional()
  position?: number | null;

  @IsOptional()
  translations?: unknown;

  @StoredIn(ProductAttribute, 'code', { message: m.codeTooLong })
  @Matches(RESOURCE_CODE, { message: m.CODE_INVALID })
  @MinChars(2, { message: m.CODE_TOO_SHORT })
  @IsString({ message: NOT_VALID })
  @NotBlank({ message: m.CODE_BLANK })
  @Transform(trimmed)
  code?: string | null;

  @ValidateNested()
  @IsPlainObject({ message: NOT_VALID })
  @IsOptional()
  @Type(() => ProductAttributeConfigurationForm)
  configuration?: ProductAttributeConfigurationForm | null;
}
