import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { badRequest, resourceNotFound } from '../../common/errors/api-error';
import { throwIfInvalid } from '../../common/forms/form-validation.exception';
import { submittedChanges, type UpdateMode } from '../../common/forms/submitted-changes';
import type { SubmittedForm } from '../../common/forms/validate-form';
import { applyTransition } from '../../common/state-machines/transition-table';
import { Customer } from '../../customers/entities/customer.entity';
import { inWriteTransaction } from '../../database/write-transaction';
import { EventOutbox } from '../../events';
import { Product } from '../entities/product.entity';
import { lockProductForRating, recomputeAverageRating } from './average-rating';
import type { ProductReviewForm } from './forms/product-review.form';
import { ProductReview } from './product-review.entity';
import { findProductId } from './product-review.read-model';
import { ProductReviewsService } from './product-reviews.service';
import { reviewAuthor } from './review-author';
import { recordGuestCreated, recordProductUpdated } from './review-events';
import { REVIEW_TRANSITIONS, type ReviewTransition } from './review-transitions';

/** The answer to accepting or rejecting a review that was already moderated. */
const transitionRefused = (transition: ReviewTransition, status: string) => `The review is ${status} and cannot be ${transition}ed.`;

/**
 * Creates, changes, moderates and deletes product reviews, each in one transaction. A write that can move
 * the product's average rating locks the product first (average-rating.ts), then the review FOR UPDATE.
 * Reviews have no events of their own: a write that moves the average records `product.updated`, and a
 * create that makes a guest customer `customer.created` (review-events.ts).
 */
@Injectable()
export class ProductReviewWritesService {
  constructor(
    private readonly em: EntityManager,
    private readonly reviews: ProductReviewsService,
    private readonly outbox: EventOutbox,
  ) {}

  /**
   * POST: the new review (status `new`, so no average moves). An unknown product is a 404 before the form's
   * violations. The author is found or created first (customer, level 1), then the product is locked FOR
   * KEY SHARE, so a delete of either waits for the review or the review finds it gone.
   */
  async create(productCode: string, form: SubmittedForm<ProductReviewForm>) {
    if ((await findProductId(this.em.fork(), productCode)) === null) throw resourceNotFound('product');
    throwIfInvalid(form.errors);
    return inWriteTransaction(this.em, async (tx) => {
      const author = await reviewAuthor(tx, form.data.author!.email!);
      const [product] = await tx.execute<Array<{ id: number }>>(`select id from product where code = ? for key share`, [productCode]);
      if (product === undefined) throw resourceNotFound('product');
      const review = tx.create(ProductReview, {
        title: form.data.title!,
        rating: form.data.rating!,
        comment: form.data.comment!,
        product: tx.getReference(Product, product.id),
        author: tx.getReference(Customer, author.id),
      });
      await tx.flush();
      if (author.created) await recordGuestCreated(tx, this.outbox, author.id);
      return this.reviews.answer(tx, product.id, review.id);
    });
  }

  /** PUT (`replace`) or PATCH (`merge`) of rating, title and comment; the author and status never change here. */
  async update(productCode: string, id: number, form: SubmittedForm<ProductReviewForm>, mode: UpdateMode): Promise<void> {
    await inWriteTransaction(this.em, async (tx) => {
      const { productId, review } = await this.lockReview(tx, productCode, id);
      throwIfInvalid(form.errors);
      const changes = submittedChanges(form.data, { rating: null, title: null, comment: null }, mode);
      if (changes.rating != null) review.rating = changes.rating;
      if (changes.title != null) review.title = changes.title;
      if (changes.comment != null) review.comment = changes.comment;
      await tx.flush();
      if (review.status === 'accepted') await this.recomputeAverage(tx, productId);
    });
  }

  /** Accept or reject: 200 with the review; a review already moderated is a 400. */
  async transition(productCode: string, id: number, transition: ReviewTransition) {
    return inWriteTransaction(this.em, async (tx) => {
      const { productId, review } = await this.lockReview(tx, productCode, id);
      const next = applyTransition(REVIEW_TRANSITIONS, review.status, transition);
      if (next === null) throw badRequest(transitionRefused(transition, review.status));
      review.status = next;
      await tx.flush();
      await this.recomputeAverage(tx, productId);
      return this.reviews.answer(tx, productId, review.id);
    });
  }

  async delete(productCode: string, id: number): Promise<void> {
    await inWriteTransaction(this.em, async (tx) => {
      const { productId, review } = await this.lockReview(tx, productCode, id);
      const counted = review.status === 'accepted';
      tx.remove(review);
      await tx.flush();
      if (counted) await this.recomputeAverage(tx, productId);
    });
  }

  /** Recomputes the product's average after the write's flush; `product.updated` when it moved. */
  private async recomputeAverage(tx: EntityManager, productId: number): Promise<void> {
    const changed = await recomputeAverageRating(tx, productId);
    if (changed !== null) await recordProductUpdated(tx, this.outbox, changed);
  }

  /** The product (level 4a), then the review FOR UPDATE; a 404 unless the review is one of the product's. */
  private async lockReview(tx: EntityManager, productCode: string, id: number): Promise<{ productId: number; review: ProductReview }> {
    const productId = await lockProductForRating(tx, productCode);
    const review = productId === null ? null : await tx.findOne(ProductReview, { id, product: productId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (productId === null || review === null) throw resourceNotFound('product review');
    return { productId, review };
  }
}
