import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { resourceNotFound } from '../common/errors/api-error';
import { links } from '../common/links';
import { readPage } from '../common/pagination/page';
import { readPlainList } from '../common/pagination/plain-list';
import { GRID_PAGING, parsePageRequest, type ListSpec } from '../common/pagination/page-request';
import { readBooleanFilter, readStringFilter } from '../common/pagination/string-filter';
import { PromotionCoupon } from './entities/promotion-coupon.entity';
import { Promotion } from './entities/promotion.entity';
import { serializePromotion, serializePromotionCoupon, serializePromotionCouponListItem, serializePromotionListItem } from './promotion.serializer';
import { findCouponDetail, findPromotionDetail } from './queries/promotion-detail.read-model';
import { countPromotions, findPromotionPage, PROMOTION_CRITERIA, PROMOTION_SORTS, type PromotionCriterion, type PromotionSort } from './queries/promotion-list.read-model';

export const PROMOTION_LIST: ListSpec<PromotionSort, PromotionCriterion> = {
  sortable: PROMOTION_SORTS,
  defaultSort: ['priority', 'desc'],
  criteria: PROMOTION_CRITERIA,
  ...GRID_PAGING,
};

@Injectable()
export class PromotionsService {
  constructor(private readonly em: EntityManager) {}

  async list(rawQuery: string) {
    const request = parsePageRequest(rawQuery, PROMOTION_LIST);
    const filters = { search: readStringFilter(rawQuery, 'search'), couponBased: readBooleanFilter(rawQuery, 'couponBased') };
    const em = this.em.fork();
    return readPage(links.promotions(), request, {
      count: () => countPromotions(em, filters),
      read: async (window) => (await findPromotionPage(em, request, filters, window)).map(serializePromotionListItem),
    });
  }

  /** The promotion with its rules, actions and channels (each by id), in one joined statement. */
  async show(code: string) {
    const promotion = await findPromotionDetail(this.em.fork(), code);
    if (promotion === null) throw resourceNotFound('promotion');
    return serializePromotion(promotion);
  }

  /** The coupons of a promotion, in creation order; an unknown promotion is a 404 (not an empty page). */
  async listCoupons(promotionCode: string, rawQuery: string) {
    const promotion = await this.em.fork().findOne(Promotion, { code: promotionCode }, { fields: ['id'], disableIdentityMap: true });
    if (promotion === null) throw resourceNotFound('promotion');
    return readPlainList(this.em, PromotionCoupon, links.promotionCoupons(promotionCode), rawQuery, (coupon) => serializePromotionCouponListItem(coupon, promotionCode), {
      where: { promotion: promotion.id },
    });
  }

  /** A coupon, only when it belongs to the promotion named in the path. */
  async showCoupon(promotionCode: string, code: string) {
    const coupon = await findCouponDetail(this.em.fork(), promotionCode, code);
    if (coupon === null) throw resourceNotFound('promotion coupon');
    return serializePromotionCoupon(coupon);
  }
}
