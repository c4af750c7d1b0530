import { IsOptional, IsString } from 'class-validator';
import { Form } from '../common/forms/form-shape';
import { integerRange, IsIntegerTextIn } from '../common/forms/integer-range';
import { NOT_VALID } from '../common/forms/messages';

/** A taxon id as the product list's query gives one: a row id (a PostgreSQL integer). */
export const TAXON_ID_RANGE = integerRange('integer', { min: 0 });

/** The product list's own query parameter (`?taxonId=…`), read into this form by the service. */
@Form({ fields: ['taxonId'] })
export class ProductListQueryForm {
  @IsIntegerTextIn(TAXON_ID_RANGE, { tooLow: NOT_VALID, tooHigh: NOT_VALID })
  @IsString({ message: NOT_VALID })
  @IsOptional()
  taxonId?: string;
}

/** The query as the form's body: the last `taxonId`, trimmed; left out when empty (every product). Other keys are the grid's. */
export function productListQueryBody(rawQuery: string): Record<string, unknown> {
  const taxonId = new Map(new URLSearchParams(rawQuery)).get('taxonId')?.trim() ?? '';
  return taxonId === '' ? {} : { taxonId };
}
