import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional, IsString, Matches } from 'class-validator';
import { Channel } from '../../channels/entities/channel.entity';
import { checkbox } from '../../common/forms/checkbox';
import { Form } from '../../common/forms/form-shape';
import { NOT_VALID } from '../../common/forms/messages';
import { RESOURCE_CODE } from '../../common/forms/resource-code';
import { RefersTo, StoredIn } from '../../common/forms/stored-in';
import { NotBlank } from '../../common/forms/text-rules';
import { trimmed, trimmedOrNull } from '../../common/forms/trim';
import { codeList, IsStringList } from '../../customers/forms/form-values';
import { ProductOption } from '../entities/product-option.entity';
import { Product } from '../entities/product.entity';
import { Taxon } from '../entities/taxon.entity';
import { ProductAttributeValueForm } from './product-attribute-value.form';
import * as m from './product-messages';
import { ProductTranslationForm } from './product-translation.form';

/** A code in a list of codes: a longer one than a code column holds names nothing. */
const LISTED_CODE = /^\S.{0,254}$/s;

// Rules run from the one nearest the property upwards, and stop at the first failure.

/**
 * Body of POST, PUT and PATCH `/products`. Taxons, channels and options are named by code; `productTaxons`
 * is one text of comma-separated taxon codes. `code` is read on POST only (a code never changes), and
 * `options` only while the product has no variants. A simple product (one variant, no options) has
 * `variant` in place of `options`: its variant's form (src/catalog/variants/simple-product-variant.ts), so
 * the service includes one of the two once it knows the product. `translations` is a map keyed by locale code, read by
 * the service against the shop's locales (src/common/forms/keyed-forms.ts), `associations` a map keyed by
 * association type code, also read by the service.
 */
@Form({
  fields: ['enabled', 'translations', 'attributes', 'associations', 'channels', 'mainTaxon', 'productTaxons', 'code', 'options', 'variant'],
  dependentFields: ['options', 'variant'],
  keyed: { translations: ProductTranslationForm },
  lists: { attributes: ProductAttributeValueForm },
})
export class ProductForm {
  @IsBoolean({ message: NOT_VALID })
  @IsOptional()
  @Transform(checkbox)
  enabled?: boolean;

  translations?: unknown;

  /** Attribute values, read by the service against the attributes and the shop's locales (product-attribute-values.ts). */
  attributes?: Map<number, ProductAttributeValueForm>;
  /** Association type code → comma-separated product codes; read by the service (src/catalog/associations/product-associations.ts). */
  associations?: unknown;

  @RefersTo(Channel, 'code')
  @IsStringList(LISTED_CODE, { message: NOT_VALID })
  @IsOptional()
  @Transform(codeList)
  channels?: string[];

  @RefersTo(Taxon, 'code')
  @IsString({ message: NOT_VALID })
  @IsOptional()
  @Transform(trimmedOrNull)
  mainTaxon?: string | null;

  @IsString({ message: NOT_VALID })
  @IsOptional()
  @Transform(trimmedOrNull)
  productTaxons?: string | null;

  @StoredIn(Product, 'code')
  @Matches(RESOURCE_CODE, { message: m.CODE_INVALID })
  @IsString({ message: NOT_VALID })
  @NotBlank({ message: m.CODE_BLANK })
  @Transform(trimmed)
  code?: string | null;

  @RefersTo(ProductOption, 'code')
  @IsStringList(LISTED_CODE, { message: NOT_VALID })
  @IsOptional()
  @Transform(codeList)
  options?: string[];

  /** The variant form of a simple product's only variant, read by the service on PUT and PATCH. */
  variant?: unknown;
}

/** The taxon codes of `productTaxons`: comma-separated, each trimmed, empty ones and repeats left out. */
export function productTaxonCodes(productTaxons: string | null | undefined): string[] {
  if (productTaxons == null) return [];
  return [...new Set(productTaxons.split(',').map((code) => code.trim()).filter((code) => code !== ''))];
}
