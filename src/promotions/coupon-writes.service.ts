import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { conflict, resourceInUseMessage, resourceNotFound } from '../common/errors/api-error';
import { throwIfInvalid } from '../common/forms/form-validation.exception';
import { submittedChanges, type UpdateMode } from '../common/forms/submitted-changes';
import { checkUnique, withUniqueValue, type UniqueField } from '../common/forms/unique-value';
import type { SubmittedForm } from '../common/forms/validate-form';
import { inWriteTransaction, writeConflict } from '../database/write-transaction';
import { EventOutbox } from '../events';
import { codeSpace, newCouponCodes } from './coupon-codes';
import { PromotionCoupon } from './entities/promotion-coupon.entity';
import { Promotion } from './entities/promotion.entity';
import { parseDate } from './forms/calendar';
import { cannotGenerate, CODE_TAKEN, GENERATED_CODE_TOO_LONG, notCouponBased } from './forms/coupon-messages';
import type { CouponForm, CouponGenerationForm } from './forms/coupon.form';
import { serializePromotionCoupon } from './promotion.serializer';
import { findCouponDetail } from './queries/promotion-detail.read-model';

const UNIQUE_CODE: UniqueField = { entity: PromotionCoupon, property: 'code', constraint: 'promotion_coupon_code_unique', message: CODE_TAKEN };
/** The column a coupon code is stored in holds this many characters. */
const CODE_COLUMN_LENGTH = 255;

/**
 * The promotion coupons are created under, locked FOR KEY SHARE: its delete (FOR UPDATE) waits for this
 * write, or this write waits for the delete and then finds no promotion (404), never a coupon without one.
 * A promotion that is not coupon-based takes no coupons (409, where the reference answers 500).
 */
async function lockPromotionForCoupons(tx: EntityManager, promotionCode: string): Promise<Promotion> {
  const [row] = await tx.execute<Array<{ id: number; name: string; coupon_based: boolean }>>(
    `select id, name, coupon_based from promotion where code = ? for key share`,
    [promotionCode],
  );
  if (row === undefined) throw resourceNotFound('promotion');
  if (!row.coupon_based) throw conflict(notCouponBased(row.name));
  return tx.getReference(Promotion, row.id);
}

/**
 * A coupon of the promotion named, locked FOR UPDATE (only the coupon's row: a completion counts its use
 * under FOR NO KEY UPDATE, lock-order level 3); 404 when the promotion has no such coupon.
 */
async function lockCoupon(tx: EntityManager, promotionCode: string, code: string): Promise<PromotionCoupon> {
  const [row] = await tx.execute<Array<{ id: number }>>(
    `select c.id from promotion_coupon c join promotion p on p.id = c.promotion_id where c.code = ? and p.code = ? for update of c`,
    [code, promotionCode],
  );
  if (row === undefined) throw resourceNotFound('promotion coupon');
  return tx.findOneOrFail(PromotionCoupon, row.id);
}

const couponState = (coupon: PromotionCoupon): string =>
  JSON.stringify([coupon.usageLimit, coupon.expiresAt?.getTime() ?? null, coupon.perCustomerUsageLimit, coupon.reusableFromCancelledOrders]);

/**
 * Creates, changes, generates and deletes promotion coupons, each write in one transaction with one event
 * per coupon. Coupons are not part of the cached shop configuration: order processing reads them fresh.
 */
@Injectable()
export class CouponWritesService {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: EventOutbox,
  ) {}

  private async detail(tx: EntityManager, promotionCode: string, code: string) {
    const coupon = await findCouponDetail(tx, promotionCode, code);
    if (coupon === null) throw new Error(`The coupon ${code} just written cannot be read`);
    return serializePromotionCoupon(coupon);
  }

  /** POST: 404 for an unknown promotion and 409 for one that is not coupon-based come before the form's violations. */
  async create(promotionCode: string, form: SubmittedForm<CouponForm>) {
    return withUniqueValue(form.errors, UNIQUE_CODE, () =>
      inWriteTransaction(this.em, async (tx) => {
        const promotion = await lockPromotionForCoupons(tx, promotionCode);
        await checkUnique(tx, form.errors, UNIQUE_CODE, form.data.code);
        throwIfInvalid(form.errors);
        const { data } = form;
        tx.create(PromotionCoupon, {
          promotion,
          code: data.code!,
          usageLimit: data.usageLimit ?? null,
          expiresAt: parseDate(data.expiresAt),
          perCustomerUsageLimit: data.perCustomerUsageLimit ?? null,
          reusableFromCancelledOrders: data.reusableFromCancelledOrders === true,
        });
        await tx.flush();
        const body = await this.detail(tx, promotionCode, data.code!);
        await this.outbox.record(tx, { type: 'promotion_coupon.created', data: body });
        return body;
      }),
    );
  }

  /** PUT (`replace`: a left-out field is cleared) or PATCH (`merge`); the code never changes. */
  async update(promotionCode: string, code: string, form: SubmittedForm<CouponForm>, mode: UpdateMode): Promise<void> {
    await inWriteTransaction(this.em, async (tx) => {
      const coupon = await lockCoupon(tx, promotionCode, code);
      throwIfInvalid(form.errors);
      const changes = submittedChanges(
        form.data,
        { usageLimit: null, expiresAt: null, perCustomerUsageLimit: null, reusableFromCancelledOrders: false },
        mode,
      );
      const before = couponState(coupon);
      if (changes.usageLimit !== undefined) coupon.usageLimit = changes.usageLimit;
      if (changes.expiresAt !== undefined) coupon.expiresAt = parseDate(changes.expiresAt);
      if (changes.perCustomerUsageLimit !== undefined) coupon.perCustomerUsageLimit = changes.perCustomerUsageLimit;
      if (changes.reusableFromCancelledOrders !== undefined) coupon.reusableFromCancelledOrders = changes.reusableFromCancelledOrders === true;
      if (couponState(coupon) === before) return;
      await tx.flush();
      await this.outbox.record(tx, { type: 'promotion_coupon.updated', data: await this.detail(tx, promotionCode, code) });
    });
  }

  /** A coupon a placed order used is kept (409); carts holding it lose it (their totals follow at their next change). */
  async delete(promotionCode: string, code: string): Promise<void> {
    await inWriteTransaction(this.em, async (tx) => {
      const coupon = await lockCoupon(tx, promotionCode, code);
      const [{ used }] = await tx.execute<Array<{ used: boolean }>>(
        `select exists (select 1 from orders where promotion_coupon_id = ? and state <> 'cart') as used`,
        [coupon.id],
      );
      if (used) throw conflict(resourceInUseMessage('promotion coupon'));
      await tx.execute(`delete from promotion_coupon where id = ?`, [coupon.id]);
      await this.outbox.record(tx, { type: 'promotion_coupon.deleted', data: { id: coupon.id, code, promotionCode } });
    });
  }

  /**
   * POST `/generate`: `amount` coupons with random codes (prefix, `codeLength` upper-case hexadecimal
   * digits, suffix), none an existing coupon's code, with the limits given; one event each.
   */
  async generate(promotionCode: string, form: SubmittedForm<CouponGenerationForm>) {
    try {
      return await inWriteTransaction(this.em, async (tx) => {
        const promotion = await lockPromotionForCoupons(tx, promotionCode);
        const { data, errors } = form;
        const spec = { amount: data.amount!, codeLength: data.codeLength!, prefix: data.prefix ?? '', suffix: data.suffix ?? '' };
        if (errors.isValid) {
          if (spec.prefix.length + spec.codeLength + spec.suffix.length > CODE_COLUMN_LENGTH) errors.addRoot(GENERATED_CODE_TOO_LONG);
          // At most half the codes the length makes, so random draws rarely collide.
          else if (spec.amount > codeSpace(spec.codeLength) / 2) errors.addRoot(cannotGenerate(spec.amount, spec.codeLength));
        }
        throwIfInvalid(errors);
        const codes = await newCouponCodes(tx, spec);
        if (codes === null) {
          errors.addRoot(cannotGenerate(spec.amount, spec.codeLength));
          throwIfInvalid(errors);
        }
        const expiresAt = parseDate(data.expiresAt);
        const coupons = codes!.map((code) =>
          tx.create(PromotionCoupon, { promotion, code, usageLimit: data.usageLimit ?? null, expiresAt, perCustomerUsageLimit: null }),
        );
        await tx.flush();
        const stored = await tx.find(PromotionCoupon, { id: { $in: coupons.map((coupon) => coupon.id) } }, { orderBy: { id: 'asc' }, disableIdentityMap: true });
        const bodies = stored.map((coupon) => serializePromotionCoupon({ ...coupon, promotion: { code: promotionCode } }));
        for (const body of bodies) await this.outbox.record(tx, { type: 'promotion_coupon.created', data: body });
        return bodies;
      });
    } catch (error) {
      // A concurrent write took one of the new codes between the check and the insert.
      if (error instanceof UniqueConstraintViolationException) throw writeConflict();
      throw error;
    }
  }
}
