import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { resourceNotFound } from '../../common/errors/api-error';
import { readPage } from '../../common/pagination/page';
import { GRID_PAGING, parsePageRequest, type ListSpec } from '../../common/pagination/page-request';
import { readStringFilter } from '../../common/pagination/string-filter';
import { findProduct } from '../queries/product.read-model';
import { serializeProduct } from '../serializers/product.serializer';
import { countReviews, findProductId, findReview, findReviewPage, REVIEW_CRITERIA, REVIEW_SORTS, type ReviewCriterion, type ReviewSort } from './product-review.read-model';
import { serializeReview, type ReviewSubject } from './product-review.serializer';

export const REVIEW_LIST: ListSpec<ReviewSort, ReviewCriterion> = { sortable: REVIEW_SORTS, defaultSort: ['date', 'desc'], criteria: REVIEW_CRITERIA, ...GRID_PAGING };

const reviewsPath = (productCode: string) => `/api/v1/products/${encodeURIComponent(productCode)}/reviews/`;

/** Reads reviews as the API answers them: each with its product as GET /products/{code} shows it. */
@Injectable()
export class ProductReviewsService {
  constructor(private readonly em: EntityManager) {}

  /** One page of a product's reviews; an unknown product is a 404. The product is read once for the page. */
  async list(productCode: string, rawQuery: string) {
    const request = parsePageRequest(rawQuery, REVIEW_LIST);
    const filters = { title: readStringFilter(rawQuery, 'title') };
    const em = this.em.fork();
    const productId = await findProductId(em, productCode);
    if (productId === null) throw resourceNotFound('product');
    return readPage(reviewsPath(productCode), request, {
      count: () => countReviews(em, productId, filters),
      read: async (window) => {
        const reviews = await findReviewPage(em, productId, request, filters, window);
        const subject = await this.subject(em, productId);
        return reviews.map((review) => serializeReview(review, subject));
      },
    });
  }

  async show(productCode: string, id: number) {
    const em = this.em.fork();
    const productId = await findProductId(em, productCode);
    const review = productId === null ? null : await findReview(em, productId, id);
    if (productId === null || review === null) throw resourceNotFound('product review');
    return serializeReview(review, await this.subject(em, productId));
  }

  /** The review as GET answers it, read with `em` (a write's transaction, after its flush). */
  async answer(em: EntityManager, productId: number, id: number) {
    const review = await findReview(em, productId, id);
    if (review === null) throw new Error(`The review ${id} just written cannot be read`);
    return serializeReview(review, await this.subject(em, productId));
  }

  private async subject(em: EntityManager, productId: number): Promise<ReviewSubject> {
    const [{ code }] = await em.execute<Array<{ code: string }>>(`select code from product where id = ?`, [productId]);
    const product = await findProduct(em, code);
    if (product === null) throw new Error(`The product ${code} cannot be read`);
    return serializeProduct(product);
  }
}
