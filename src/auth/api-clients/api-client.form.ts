import { ArrayNotEmpty, IsIn, IsArray } from 'class-validator';
import { Form } from '../../common/forms/form-shape';
import { NOT_VALID } from '../../common/forms/messages';
import { NotBlank } from '../../common/forms/text-rules';
import { GRANT_TYPES_BLANK } from './api-client-messages';

/** The grants the token endpoint implements. */
export const GRANT_TYPES = ['password', 'refresh_token'] as const;

// Rules run from the one nearest the property upwards, and stop at the first failure.

/** Body of POST `/api-clients`. */
@Form({ fields: ['allowedGrantTypes'] })
export class ApiClientForm {
  @IsIn(GRANT_TYPES, { each: true, message: NOT_VALID })
  @ArrayNotEmpty({ message: GRANT_TYPES_BLANK })
  @IsArray({ message: NOT_VALID })
  @NotBlank({ message: GRANT_TYPES_BLANK })
  allowedGrantTypes?: string[] | null;
}
