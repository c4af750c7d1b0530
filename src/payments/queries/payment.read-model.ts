import type { EntityManager } from '@mikro-orm/postgresql';
import { findChannelDetails, type ChannelDetail } from '../../channels/queries/channel.read-model';
import { intArray } from '../../database/int-array';

/**
 * The payment read model: payments and payment methods with every exposed field. A method's channels
 * come from the channels module (findChannelDetails), so any number of payments costs two statements.
 */

export interface PaymentMethodTranslationDetail {
  id: number;
  locale: string;
  name: string;
  description: string | null;
  instructions: string | null;
}

export interface PaymentMethodDetail {
  id: number;
  code: string;
  position: number;
  createdAt: Date;
  updatedAt: Date;
  enabled: boolean;
  /** By id. */
  translations: PaymentMethodTranslationDetail[];
  /** By id. */
  channels: ChannelDetail[];
}

export interface PaymentDetail {
  id: number;
  orderId: number;
  amount: number;
  state: string;
  method: PaymentMethodDetail | null;
}

/** A method as read, before its channels: the ids of its channels instead. */
type MethodRow = Omit<PaymentMethodDetail, 'channels'> & { channelIds: number[] };

const PAYMENT_METHOD_COLUMNS = `
         pm.id as "methodId", pm.code as "methodCode", pm.position as "methodPosition", pm.created_at as "methodCreatedAt",
         pm.updated_at as "methodUpdatedAt", pm.enabled as "methodEnabled",
         coalesce((select json_agg(json_build_object('id', pmt.id, 'locale', pmt.locale, 'name', pmt.name,
                                                     'description', pmt.description, 'instructions', pmt.instructions) order by pmt.id)
                     from payment_method_translation pmt where pmt.method_id = pm.id), '[]'::json) as "methodTranslations",
         array(select pmc.channel_id from payment_method_channel pmc where pmc.payment_method_id = pm.id order by pmc.channel_id) as "methodChannelIds"`;

interface MethodColumns {
  methodId: number | null;
  methodCode: string;
  methodPosition: number;
  methodCreatedAt: string;
  methodUpdatedAt: string;
  methodEnabled: boolean;
  methodTranslations: PaymentMethodTranslationDetail[];
  methodChannelIds: number[];
}

const METHOD_BY_CODE = `select ${PAYMENT_METHOD_COLUMNS} from payment_method pm where pm.code = ?`;

/** Payments (`pa`) with their method's columns (null when they have none); callers append their `where`. */
const PAYMENTS = `
  select pa.id, pa.order_id as "orderId", pa.amount, pa.state, ${PAYMENT_METHOD_COLUMNS}
    from payment pa
    left join payment_method pm on pm.id = pa.method_id`;

type PaymentRow = Omit<PaymentDetail, 'method'> & MethodColumns;

const methodOf = (row: MethodColumns): MethodRow | null =>
  row.methodId === null
    ? null
    : {
        id: row.methodId,
        code: row.methodCode,
        position: row.methodPosition,
        createdAt: new Date(row.methodCreatedAt),
        updatedAt: new Date(row.methodUpdatedAt),
        enabled: row.methodEnabled,
        translations: row.methodTranslations,
        channelIds: row.methodChannelIds,
      };

/** The methods with their channels, read in one statement for all of them. */
async function withChannels(em: EntityManager, methods: Array<MethodRow | null>): Promise<Array<PaymentMethodDetail | null>> {
  const channels = await findChannelDetails(em, methods.flatMap((method) => method?.channelIds ?? []));
  return methods.map((method) => {
    if (method === null) return null;
    const { channelIds, ...rest } = method;
    return { ...rest, channels: channelIds.map((id) => channels.get(id)).filter((channel) => channel !== undefined) };
  });
}

async function detailed(em: EntityManager, rows: PaymentRow[]): Promise<PaymentDetail[]> {
  const methods = await withChannels(em, rows.map(methodOf));
  return rows.map((row, index) => ({ id: row.id, orderId: row.orderId, amount: row.amount, state: row.state, method: methods[index] }));
}

/** The payment method with this code; null when there is none. */
export async function findPaymentMethod(em: EntityManager, code: string): Promise<PaymentMethodDetail | null> {
  const [row] = await em.execute<MethodColumns[]>(METHOD_BY_CODE, [code]);
  if (row === undefined) return null;
  const [method] = await withChannels(em, [methodOf(row)]);
  return method;
}

/** The payment with this id; null when there is none. */
export async function findPayment(em: EntityManager, id: number): Promise<PaymentDetail | null> {
  const rows = await em.execute<PaymentRow[]>(`${PAYMENTS} where pa.id = ?`, [id]);
  if (rows.length === 0) return null;
  const [payment] = await detailed(em, rows);
  return payment;
}

/** The payments of these orders, each order's by id: two statements whatever their number. */
export async function findPaymentsOfOrders(em: EntityManager, orderIds: readonly number[]): Promise<Map<number, PaymentDetail[]>> {
  const byOrder = new Map<number, PaymentDetail[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await em.execute<PaymentRow[]>(`${PAYMENTS} where pa.order_id = any(?::int[]) order by pa.id`, [intArray(orderIds)]);
  for (const payment of await detailed(em, rows)) byOrder.set(payment.orderId, [...(byOrder.get(payment.orderId) ?? []), payment]);
  return byOrder;
}
