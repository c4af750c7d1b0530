import { formatDateTime } from '../../common/datetime';
import { links, selfLink } from '../../common/links';
import type { serializeProduct } from '../serializers/product.serializer';
import type { Review, ReviewAuthor } from './product-review.read-model';

/** The product a review is of, as GET /products/{code} shows it. */
export type ReviewSubject = ReturnType<typeof serializeProduct>;

/** A customer as the author of a review. */
function serializeAuthor(author: ReviewAuthor) {
  return {
    id: author.id,
    email: author.email,
    emailCanonical: author.emailCanonical,
    ...(author.firstName !== null && { firstName: author.firstName }),
    ...(author.lastName !== null && { lastName: author.lastName }),
    gender: author.gender,
    _links: selfLink(links.customer(author.id)),
  };
}

/** A review with its author and the product it is of; the same shape in the list, in show, create, accept and reject. */
export function serializeReview(review: Review, subject: ReviewSubject) {
  return {
    id: review.id,
    title: review.title,
    rating: review.rating,
    comment: review.comment,
    author: serializeAuthor(review.author),
    status: review.status,
    reviewSubject: subject,
    createdAt: formatDateTime(review.createdAt),
    updatedAt: formatDateTime(review.updatedAt),
  };
}
