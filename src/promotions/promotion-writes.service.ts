import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { deleteUnlessReferenced, type DeletableTable } from '../common/deletion/delete-unless-referenced';
import { resourceNotFound } from '../common/errors/api-error';
import { throwIfInvalid } from '../common/forms/form-validation.exception';
import type { UpdateMode } from '../common/forms/submitted-changes';
import { checkUnique, withUniqueValue, type UniqueField } from '../common/forms/unique-value';
import type { SubmittedForm } from '../common/forms/validate-form';
import { inWriteTransaction } from '../database/write-transaction';
import { EventOutbox } from '../events';
import { PromotionAction } from './entities/promotion-action.entity';
import { PromotionRule } from './entities/promotion-rule.entity';
import { Promotion } from './entities/promotion.entity';
import { CODE_TAKEN } from './forms/promotion-messages';
import type { PromotionForm } from './forms/promotion.form';
import { checkPromotionForm, type PromotionChanges } from './promotion-form-check';
import { promotionState, settingsState } from './promotion-state';
import { serializePromotion } from './promotion.serializer';
import { findPromotionDetail } from './queries/promotion-detail.read-model';

const UNIQUE_CODE: UniqueField = { entity: Promotion, property: 'code', constraint: 'promotion_code_unique', message: CODE_TAKEN };

/**
 * Placed orders are financial records: a promotion they applied, or whose coupon they used, is kept. Carts
 * do not hold it: deleting it drops it from them (and their coupons of it), and their totals follow at
 * their next change, as for any change of the promotion.
 */
const PROMOTIONS: DeletableTable = {
  table: 'promotion',
  resource: 'promotion',
  references: [
    // Fixed joins, written in as the table: only orders past the cart count.
    { table: `order_promotion op join orders o on o.id = op.order_id and o.state <> 'cart'`, column: 'op.promotion_id', by: 'id' },
    { table: `promotion_coupon c join orders o on o.promotion_coupon_id = c.id and o.state <> 'cart'`, column: 'c.promotion_id', by: 'id' },
  ],
};

/** Sets what a checked form changes; rules, actions and channels are replaced only when they differ (kept rules keep their ids). */
function applyChanges(tx: EntityManager, promotion: Promotion, changes: PromotionChanges): void {
  if (changes.name !== undefined) promotion.name = changes.name;
  if (changes.description !== undefined) promotion.description = changes.description;
  if (changes.exclusive !== undefined) promotion.exclusive = changes.exclusive;
  if (changes.usageLimit !== undefined) promotion.usageLimit = changes.usageLimit;
  if (changes.startsAt !== undefined) promotion.startsAt = changes.startsAt;
  if (changes.endsAt !== undefined) promotion.endsAt = changes.endsAt;
  if (changes.priority !== undefined) promotion.priority = changes.priority;
  if (changes.couponBased !== undefined) promotion.couponBased = changes.couponBased;
  if (changes.rules !== undefined && settingsState(changes.rules) !== settingsState(promotion.rules.getItems())) {
    promotion.rules.removeAll();
    for (const rule of changes.rules) promotion.rules.add(tx.create(PromotionRule, { promotion, type: rule.type, configuration: rule.configuration }));
  }
  if (changes.actions !== undefined && settingsState(changes.actions) !== settingsState(promotion.actions.getItems())) {
    promotion.actions.removeAll();
    for (const action of changes.actions) promotion.actions.add(tx.create(PromotionAction, { promotion, type: action.type, configuration: action.configuration }));
  }
  if (changes.channels !== undefined) {
    const ids = (channels: ReadonlyArray<{ id: number }>) => channels.map((channel) => channel.id).sort((a, b) => a - b).join(',');
    if (ids(changes.channels) !== ids(promotion.channels.getItems())) promotion.channels.set(changes.channels);
  }
}

/**
 * Creates, changes and deletes promotions with their rules, actions and channels, each in one transaction
 * with its event. All of these are part of the shop configuration the pricing cache holds: triggers move
 * its version in the same transaction (see src/orders/pricing/shop-configuration-cache.ts), so every
 * instance prices the next cart change with what was written.
 */
@Injectable()
export class PromotionWritesService {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: EventOutbox,
  ) {}

  /** The promotion as GET shows it, read back inside the write's transaction. */
  private async detail(tx: EntityManager, code: string) {
    const promotion = await findPromotionDetail(tx, code);
    if (promotion === null) throw new Error(`The promotion ${code} just written cannot be read`);
    return serializePromotion(promotion);
  }

  async create(form: SubmittedForm<PromotionForm>) {
    return withUniqueValue(form.errors, UNIQUE_CODE, () =>
      inWriteTransaction(this.em, async (tx) => {
        await checkUnique(tx, form.errors, UNIQUE_CODE, form.data.code);
        const changes = await checkPromotionForm(tx, form, 'replace', null);
        throwIfInvalid(form.errors);
        const promotion = tx.create(Promotion, { code: form.data.code!, name: changes.name! });
        applyChanges(tx, promotion, changes);
        await tx.flush();
        const body = await this.detail(tx, promotion.code);
        await this.outbox.record(tx, { type: 'promotion.created', data: body });
        return body;
      }),
    );
  }

  /** PUT (`replace`) or PATCH (`merge`); the code never changes. An unknown code is a 404 before the form's violations. */
  async update(code: string, form: SubmittedForm<PromotionForm>, mode: UpdateMode): Promise<void> {
    await inWriteTransaction(this.em, async (tx) => {
      const promotion = await tx.findOne(Promotion, { code }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (promotion === null) throw resourceNotFound('promotion');
      await tx.populate(promotion, ['rules', 'actions', 'channels']);
      const changes = await checkPromotionForm(tx, form, mode, promotion);
      throwIfInvalid(form.errors);
      const before = promotionState(promotion);
      applyChanges(tx, promotion, changes);
      if (promotionState(promotion) === before) return;
      promotion.updatedAt = new Date();
      await tx.flush();
      await this.outbox.record(tx, { type: 'promotion.updated', data: await this.detail(tx, code) });
    });
  }

  /** Deletes the promotion with its rules, actions and coupons (one event per coupon, then the promotion's), unless placed orders refer to it (409). */
  async delete(code: string): Promise<void> {
    await inWriteTransaction(this.em, async (tx) => {
      const [promotion] = await tx.execute<Array<{ id: number }>>(`select id from promotion where code = ? for update`, [code]);
      if (promotion === undefined) throw resourceNotFound('promotion');
      // Under this lock no coupon can be added (an insert waits for it), so these are all of them.
      const coupons = await tx.execute<Array<{ id: number; code: string }>>(`select id, code from promotion_coupon where promotion_id = ? order by id`, [promotion.id]);
      await deleteUnlessReferenced(tx, PROMOTIONS, code);
      for (const coupon of coupons) await this.outbox.record(tx, { type: 'promotion_coupon.deleted', data: { id: coupon.id, code: coupon.code, promotionCode: code } });
      await this.outbox.record(tx, { type: 'promotion.deleted', data: { id: promotion.id, code } });
    });
  }
}
