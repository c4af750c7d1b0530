import type { ConnectionType, EntityManager } from '@mikro-orm/postgresql';
import { namedRows, namedStatement } from '../../database/named-statements';
import { findChannelDetails, type ChannelDetail } from '../../channels/queries/channel.read-model';
import { intArray } from '../../database/int-array';

/**
 * The payment read model: payments and payment methods with every exposed field. A method's channels
 * come from the channels module (findChannelDetails): one payment or method costs two statements, and
 * the payments of many orders let their caller read those channels along with its own.
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

const PAYMENTS_OF_ORDERS = namedStatement('payments_of_orders', `${PAYMENTS} where pa.order_id = any($1::int[]) order by pa.id`);

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

/** The methods given their channels. */
function methodsWithChannels(methods: Array<MethodRow | null>, channels: Map<number, ChannelDetail>): Array<PaymentMethodDetail | null> {
  return methods.map((method) => {
    if (method === null) return null;
    const { channelIds, ...rest } = method;
    return { ...rest, channels: channelIds.map((id) => channels.get(id)).filter((channel) => channel !== undefined) };
  });
}

/** Payments read, waiting for their methods' channels (`channelIds`) from the channels module. */
export interface PaymentsWithoutChannels {
  channelIds: number[];
  complete(channels: Map<number, ChannelDetail>): PaymentDetail[];
}

function withoutChannels(rows: PaymentRow[]): PaymentsWithoutChannels {
  const methods = rows.map(methodOf);
  return {
    channelIds: methods.flatMap((method) => method?.channelIds ?? []),
    complete: (channels) => {
      const complete = methodsWithChannels(methods, channels);
      return rows.map((row, index) => ({ id: row.id, orderId: row.orderId, amount: row.amount, state: row.state, method: complete[index] }));
    },
  };
}

async function withChannels(em: EntityManager, payments: PaymentsWithoutChannels): Promise<PaymentDetail[]> {
  return payments.complete(await findChannelDetails(em, payments.channelIds));
}

/** The payment method with this code; null when there is none. */
export async function findPaymentMethod(em: EntityManager, code: string): Promise<PaymentMethodDetail | null> {
  const [row] = await em.execute<MethodColumns[]>(METHOD_BY_CODE, [code]);
  if (row === undefined) return null;
  const method = methodOf(row);
  const [complete] = methodsWithChannels([method], await findChannelDetails(em, method?.channelIds ?? []));
  return complete;
}

/** The payment with this id; null when there is none. */
export async function findPayment(em: EntityManager, id: number): Promise<PaymentDetail | null> {
  const rows = await em.execute<PaymentRow[]>(`${PAYMENTS} where pa.id = ?`, [id]);
  if (rows.length === 0) return null;
  const [payment] = await withChannels(em, withoutChannels(rows));
  return payment;
}

/**
 * The payments of these orders, by id, in one statement whatever their number; their methods' channels
 * are for the caller to read (with its own, in one statement) and hand to `complete`.
 */
export async function findPaymentsOfOrders(em: EntityManager, orderIds: readonly number[], connectionType: ConnectionType = 'write'): Promise<PaymentsWithoutChannels> {
  const rows = await namedRows<PaymentRow>(em, PAYMENTS_OF_ORDERS, [intArray(orderIds)], connectionType);
  return withoutChannels(rows);
}
