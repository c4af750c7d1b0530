import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { resourceNotFound } from '../../common/errors/api-error';
import { parseId } from '../../common/errors/parse-id';
import { FormPipe } from '../../common/forms/form.pipe';
import type { SubmittedForm } from '../../common/forms/validate-form';
import { rawQuery } from '../../common/http/raw-query';
import { ApiIdempotentPost, ApiJsonBody, ApiPage, ApiPathParam, ApiResponses, ApiStandardErrors, ApiWriteErrors } from '../../common/openapi/api-decorators';
import { badRequest, created, noContent, notFound, ok } from '../../common/openapi/responses';
import { integer, string } from '../../common/openapi/schema-builders';
import { PRODUCT_NOT_FOUND } from '../catalog.openapi';
import { ProductReviewForm } from './forms/product-review.form';
import { ProductReviewWritesService } from './product-review-writes.service';
import { ProductReviewsService, REVIEW_LIST } from './product-reviews.service';
import {
  PageOfProductReviewsSchema,
  PRODUCT_REVIEW_NOT_FOUND,
  ProductReviewCreateRequestSchema,
  ProductReviewPatchRequestSchema,
  ProductReviewReplaceRequestSchema,
  ProductReviewSchema,
  reviewExample,
  reviewRequestExamples,
  reviewUpdateValidationExample,
  reviewValidationExample,
} from './product-reviews.openapi';
import type { ReviewTransition } from './review-transitions';

/** What a text filter of the grid lists takes besides `criteria[name]=text`. */
const TEXT_FILTER = 'a text: `criteria[name]=text` (contains, case-insensitive) or `criteria[name][type]=contains|not_contains|equal|not_equal|starts_with|ends_with|empty|not_empty|in|not_in&criteria[name][value]=text`';

const ApiProductCode = () => ApiPathParam('productCode', 'Product code (exact, case-sensitive match).', string({ example: 'MUG' }));
const ApiReviewId = () => ApiPathParam('id', 'Review id; only reviews of this product are found.', integer({ minimum: 1, example: 3 }));
const reviewNotFound = () => notFound('The product has no review with this id (also when the product does not exist).', PRODUCT_REVIEW_NOT_FOUND);
const reviewId = (raw: string): number => parseId(raw, () => resourceNotFound('product review'));
/** On PUT and PATCH `author` is ignored: the author never changes. */
const UPDATE_FORM = { disabled: ['author'] } as const;

const moderation = (transition: ReviewTransition, method: string) => ({
  operationId: `${transition}ProductReview${method}`,
  summary: `${transition === 'accept' ? 'Accept' : 'Reject'} a product review${method === '' ? '' : ` (${method.toUpperCase()})`}`,
  description:
    `Only a \`new\` review; the body is ignored. ${transition === 'accept' ? 'The product\'s average rating then counts it.' : 'It never counts in the average rating.'} ` +
    'POST, PUT and PATCH do the same.',
});
const moderationResponses = (transition: ReviewTransition) =>
  ApiResponses(
    ok(`The review, now ${transition}ed.`, ProductReviewSchema, { [transition]: { summary: `A review ${transition}ed`, value: { ...reviewExample, status: `${transition}ed` } } }),
    reviewNotFound(),
    badRequest('The review was already accepted or rejected; the message says which.'),
  );

/** A product's reviews, addressed by the product's code and their id. */
@ApiTags('Products')
@Controller('api/v1/products/:productCode/reviews')
export class ProductReviewsController {
  constructor(
    private readonly reviews: ProductReviewsService,
    private readonly writes: ProductReviewWritesService,
  ) {}

  @Get()
  @ApiOperation({ operationId: 'listProductReviews', summary: "List a product's reviews", description: 'Every review of the product, whatever its status; newest first unless sorted otherwise.' })
  @ApiProductCode()
  @ApiPage({
    page: PageOfProductReviewsSchema,
    spec: REVIEW_LIST,
    criteria: { title: `the review title, ${TEXT_FILTER}` },
    description: "A page of the product's reviews (`date` sorts by when they were written); a page past the last one answers the last page.",
  })
  @ApiResponses(notFound('No product has this code.', PRODUCT_NOT_FOUND))
  @ApiStandardErrors()
  list(@Param('productCode') productCode: string, @Req() request: FastifyRequest) {
    return this.reviews.list(productCode, rawQuery(request));
  }

  @Post()
  @ApiOperation({
    operationId: 'createProductReview',
    summary: 'Create a product review',
    description: 'A `new` review by the customer with the email given, or by a new guest customer when no customer has it.',
  })
  @ApiProductCode()
  @ApiJsonBody({ form: ProductReviewForm, schema: ProductReviewCreateRequestSchema, examples: reviewRequestExamples, validationExample: reviewValidationExample })
  @ApiResponses(created('The new review, as GET shows it.', ProductReviewSchema, { created: { summary: 'A new review', value: reviewExample } }), notFound('No product has this code.', PRODUCT_NOT_FOUND))
  @ApiIdempotentPost()
  @ApiWriteErrors()
  create(@Param('productCode') productCode: string, @Body(new FormPipe(ProductReviewForm)) form: SubmittedForm<ProductReviewForm>) {
    return this.writes.create(productCode, form);
  }

  @Get(':id')
  @ApiOperation({ operationId: 'showProductReview', summary: 'Show a product review' })
  @ApiProductCode()
  @ApiReviewId()
  @ApiResponses(ok('The review with its author and product.', ProductReviewSchema), reviewNotFound())
  @ApiStandardErrors()
  show(@Param('productCode') productCode: string, @Param('id') id: string) {
    return this.reviews.show(productCode, reviewId(id));
  }

  @Put(':id')
  @HttpCode(204)
  @ApiOperation({ operationId: 'replaceProductReview', summary: 'Replace a product review', description: 'Rating, title and comment are all required; `author` is ignored.' })
  @ApiProductCode()
  @ApiReviewId()
  @ApiJsonBody({
    form: ProductReviewForm,
    schema: ProductReviewReplaceRequestSchema,
    examples: { replace: { summary: 'New texts and rating', value: { rating: 4, title: 'Keeps coffee warm', comment: 'Warm, not hot, after an hour.' } } },
    validationExample: reviewUpdateValidationExample,
  })
  @ApiResponses(noContent('The review is replaced; an accepted one moves the average rating.'), reviewNotFound())
  @ApiWriteErrors()
  async replace(@Param('productCode') productCode: string, @Param('id') id: string, @Body(new FormPipe(ProductReviewForm, UPDATE_FORM)) form: SubmittedForm<ProductReviewForm>): Promise<void> {
    await this.writes.update(productCode, reviewId(id), form, 'replace');
  }

  @Patch(':id')
  @HttpCode(204)
  @ApiOperation({ operationId: 'updateProductReview', summary: 'Change some fields of a product review', description: 'Only the fields given change; `author` is ignored.' })
  @ApiProductCode()
  @ApiReviewId()
  @ApiJsonBody({
    form: ProductReviewForm,
    schema: ProductReviewPatchRequestSchema,
    examples: { rating: { summary: 'Another rating', value: { rating: 4 } } },
    validationExample: reviewUpdateValidationExample,
  })
  @ApiResponses(noContent('The fields given are changed; an accepted review moves the average rating.'), reviewNotFound())
  @ApiWriteErrors()
  async patch(
    @Param('productCode') productCode: string,
    @Param('id') id: string,
    @Body(new FormPipe(ProductReviewForm, { ...UPDATE_FORM, partial: true, validateNulls: true })) form: SubmittedForm<ProductReviewForm>,
  ): Promise<void> {
    await this.writes.update(productCode, reviewId(id), form, 'merge');
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ operationId: 'deleteProductReview', summary: 'Delete a product review', description: 'An accepted review no longer counts in the average rating.' })
  @ApiProductCode()
  @ApiReviewId()
  @ApiResponses(noContent('The review is gone.'), reviewNotFound())
  @ApiWriteErrors()
  async remove(@Param('productCode') productCode: string, @Param('id') id: string): Promise<void> {
    await this.writes.delete(productCode, reviewId(id));
  }

  @Post(':id/accept')
  @HttpCode(200)
  @ApiOperation(moderation('accept', ''))
  @ApiProductCode()
  @ApiReviewId()
  @moderationResponses('accept')
  @ApiIdempotentPost(200)
  @ApiWriteErrors()
  acceptByPost(@Param('productCode') productCode: string, @Param('id') id: string) {
    return this.writes.transition(productCode, reviewId(id), 'accept');
  }

  @Put(':id/accept')
  @ApiOperation(moderation('accept', 'Put'))
  @ApiProductCode()
  @ApiReviewId()
  @moderationResponses('accept')
  @ApiWriteErrors()
  acceptByPut(@Param('productCode') productCode: string, @Param('id') id: string) {
    return this.writes.transition(productCode, reviewId(id), 'accept');
  }

  @Patch(':id/accept')
  @ApiOperation(moderation('accept', 'Patch'))
  @ApiProductCode()
  @ApiReviewId()
  @moderationResponses('accept')
  @ApiWriteErrors()
  acceptByPatch(@Param('productCode') productCode: string, @Param('id') id: string) {
    return this.writes.transition(productCode, reviewId(id), 'accept');
  }

  @Post(':id/reject')
  @HttpCode(200)
  @ApiOperation(moderation('reject', ''))
  @ApiProductCode()
  @ApiReviewId()
  @moderationResponses('reject')
  @ApiIdempotentPost(200)
  @ApiWriteErrors()
  rejectByPost(@Param('productCode') productCode: string, @Param('id') id: string) {
    return this.writes.transition(productCode, reviewId(id), 'reject');
  }

  @Put(':id/reject')
  @ApiOperation(moderation('reject', 'Put'))
  @ApiProductCode()
  @ApiReviewId()
  @moderationResponses('reject')
  @ApiWriteErrors()
  rejectByPut(@Param('productCode') productCode: string, @Param('id') id: string) {
    return this.writes.transition(productCode, reviewId(id), 'reject');
  }

  @Patch(':id/reject')
  @ApiOperation(moderation('reject', 'Patch'))
  @ApiProductCode()
  @ApiReviewId()
  @moderationResponses('reject')
  @ApiWriteErrors()
  rejectByPatch(@Param('productCode') productCode: string, @Param('id') id: string) {
    return this.writes.transition(productCode, reviewId(id), 'reject');
  }
}
