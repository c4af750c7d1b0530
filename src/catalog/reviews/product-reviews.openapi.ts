import { resourceNotFoundMessage } from '../../common/errors/api-error';
import { EMAIL_BLANK } from '../../customers/forms/customer-messages';
import { definePageSchema } from '../../common/openapi/page-schema';
import { requestSchemaFor } from '../../common/openapi/request-schema';
import { closedObject, dateTime, ID, integer, SEGMENT, selfLinks, string } from '../../common/openapi/schema-builders';
import { defineSchema } from '../../common/openapi/schema-registry';
import { mugProductExample } from '../catalog.openapi-examples';
import { ProductSchema } from '../catalog.openapi';
import { ProductReviewForm, RATINGS, ReviewAuthorForm } from './forms/product-review.form';
import { COMMENT_BLANK, RATING_BLANK, TITLE_BLANK, TITLE_TOO_SHORT } from './forms/review-messages';
import { REVIEW_STATUSES } from './review-transitions';

/** Wire shapes of product reviews (see product-review.serializer.ts) and the review form. */

export const PRODUCT_REVIEW_NOT_FOUND = resourceNotFoundMessage('product review');

const REVIEWS_PATH = `/api/v1/products/${SEGMENT}/reviews/`;

const author = {
  id: 7,
  email: 'Ann.Reader@example.com',
  emailCanonical: 'ann.reader@example.com',
  gender: 'u',
  _links: { self: { href: '/api/v1/customers/7' } },
};

export const reviewExample = {
  id: 3,
  title: 'Keeps coffee hot',
  rating: 5,
  comment: 'Still warm after an hour.',
  author,
  status: 'new',
  reviewSubject: mugProductExample,
  createdAt: '2026-11-30T09:12:44+0000',
  updatedAt: '2026-11-30T09:12:44+0000',
};

const ReviewAuthorSchema = closedObject(
  {
    id: integer(),
    email: string(),
    emailCanonical: string(),
    firstName: string(),
    lastName: string(),
    gender: string({ enum: ['u', 'm', 'f'] }),
    _links: selfLinks(`^/api/v1/customers/${ID}$`, '/api/v1/customers/7'),
  },
  { optional: ['firstName', 'lastName'], description: 'The customer who wrote the review (a guest customer for an unknown email); names left out when unknown.' },
);

export const ProductReviewSchema = defineSchema(
  'ProductReview',
  closedObject(
    {
      id: integer(),
      title: string(),
      rating: integer({ minimum: 1, maximum: 5 }),
      comment: string(),
      author: ReviewAuthorSchema,
      status: string({ enum: [...REVIEW_STATUSES], description: '`new` until accepted or rejected; only accepted reviews count in the average rating.' }),
      reviewSubject: ProductSchema,
      createdAt: dateTime('When the review was written.'),
      updatedAt: dateTime('When the review was last changed.'),
    },
    { description: 'A product review with its author and product.', example: reviewExample },
  ),
);

export const PageOfProductReviewsSchema = definePageSchema('ProductReviews', ProductReviewSchema, { pattern: REVIEWS_PATH, example: '/api/v1/products/MUG/reviews/' }, {
  page: 1,
  limit: 10,
  pages: 1,
  total: 1,
  _links: {
    self: { href: '/api/v1/products/MUG/reviews/?page=1&limit=10' },
    first: { href: '/api/v1/products/MUG/reviews/?page=1&limit=10' },
    last: { href: '/api/v1/products/MUG/reviews/?page=1&limit=10' },
  },
  _embedded: { items: [reviewExample] },
});

const fields = {
  rating: { replace: true, description: 'A whole number from 1 to 5, as a number or a text (`"4"`).', oneOf: [integer({ enum: [...RATINGS], minimum: 1, maximum: 5 }), string({ enum: RATINGS.map(String) })] },
  title: { description: '2 characters or more.', example: 'Keeps coffee hot' },
  comment: { example: 'Still warm after an hour.' },
};

const newReview = { rating: 5, title: 'Keeps coffee hot', comment: 'Still warm after an hour.', author: { email: 'Ann.Reader@example.com' } };

export const ProductReviewCreateRequestSchema = requestSchemaFor(
  ProductReviewForm,
  'ProductReviewCreateRequest',
  {
    required: ['rating', 'title', 'comment', 'author'],
    description: 'The review form of POST.',
    example: newReview,
    properties: { ...fields, author: { description: 'The customer with this email (compared case-insensitively) writes it; a guest customer is created for an unknown one.' } },
  },
  { author: ReviewAuthorForm },
);

const ignoredAuthor = { replace: true, description: 'Ignored: the author never changes.' };

export const ProductReviewReplaceRequestSchema = requestSchemaFor(ProductReviewForm, 'ProductReviewReplaceRequest', {
  required: ['rating', 'title', 'comment'],
  description: 'The review form of PUT: every field is required.',
  example: { rating: 4, title: 'Keeps coffee warm', comment: 'Warm, not hot, after an hour.' },
  properties: { ...fields, author: ignoredAuthor },
});

export const ProductReviewPatchRequestSchema = requestSchemaFor(ProductReviewForm, 'ProductReviewPatchRequest', {
  required: [],
  description: 'The review form of PATCH: only the fields given change.',
  example: { rating: 4 },
  properties: { ...fields, author: ignoredAuthor },
});

export const reviewRequestExamples = { review: { summary: 'A review', value: newReview } };

export const reviewValidationExample = {
  code: 400,
  message: 'Validation Failed',
  errors: {
    children: {
      rating: { errors: [RATING_BLANK] },
      title: { errors: [TITLE_BLANK] },
      comment: { errors: [COMMENT_BLANK] },
      author: { children: { email: { errors: [EMAIL_BLANK] } } },
    },
  },
};

export const reviewUpdateValidationExample = {
  code: 400,
  message: 'Validation Failed',
  errors: { children: { rating: {}, title: { errors: [TITLE_TOO_SHORT] }, comment: {}, author: { children: { email: {} } } } },
};
