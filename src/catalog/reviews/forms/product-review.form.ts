import { Transform, Type } from 'class-transformer';
import { IsEmail, IsIn, IsString, ValidateNested } from 'class-validator';
import { canonicalEmail } from '../../../customers/canonical-email';
import { Customer } from '../../../customers/entities/customer.entity';
import { EMAIL_BLANK, EMAIL_INVALID, emailTooLong } from '../../../customers/forms/customer-messages';
import { Form } from '../../../common/forms/form-shape';
import { IsPlainObject } from '../../../common/forms/is-plain-object';
import { NOT_VALID } from '../../../common/forms/messages';
import { StoredIn } from '../../../common/forms/stored-in';
import { MinChars, NotBlank } from '../../../common/forms/text-rules';
import { trimmed } from '../../../common/forms/trim';
import { ProductReview } from '../product-review.entity';
import * as m from './review-messages';

// Rules run from the one nearest the property upwards, and stop at the first failure.

export const RATINGS = [1, 2, 3, 4, 5] as const;

/** A rating as a number or a text of one (`"4"`); an empty text is no rating, anything else is left for the choice to refuse. */
const rating = ({ value }: { value: unknown }): unknown => {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return null;
  return /^[0-9]{1,2}$/.test(text) ? Number(text) : text;
};

/** The author of a new review: a customer by email (a guest customer is created for an unknown one). */
@Form({ fields: ['email'] })
export class ReviewAuthorForm {
  @IsEmail({}, { message: EMAIL_INVALID })
  @StoredIn(Customer, 'emailCanonical', { message: emailTooLong, as: canonicalEmail })
  @StoredIn(Customer, 'email', { message: emailTooLong })
  @IsString({ message: NOT_VALID })
  @NotBlank({ message: EMAIL_BLANK })
  @Transform(trimmed)
  email?: string | null;
}

/** Body of POST, PUT and PATCH `/products/{productCode}/reviews`; `author` is read on POST only. */
@Form({ fields: ['rating', 'title', 'comment', 'author'], subForms: { author: ReviewAuthorForm }, requiredSubForms: ['author'] })
export class ProductReviewForm {
  @IsIn(RATINGS, { message: NOT_VALID })
  @NotBlank({ message: m.RATING_BLANK })
  @Transform(rating)
  rating?: number | null;

  @StoredIn(ProductReview, 'title', { message: m.titleTooLong })
  @MinChars(2, { message: m.TITLE_TOO_SHORT })
  @IsString({ message: NOT_VALID })
  @NotBlank({ message: m.TITLE_BLANK })
  @Transform(trimmed)
  title?: string | null;

  @StoredIn(ProductReview, 'comment', { message: m.commentTooLong })
  @IsString({ message: NOT_VALID })
  @NotBlank({ message: m.COMMENT_BLANK })
  @Transform(trimmed)
  comment?: string | null;

  @ValidateNested()
  @IsPlainObject({ message: NOT_VALID })
  @Type(() => ReviewAuthorForm)
  author?: ReviewAuthorForm;
}
