import { channelJson, type ChannelJson } from '../../channels/queries/channel-sql';

/** A payment method with its translations and channels, as one JSON object (see PaymentMethodJson). */
const paymentMethodJson = (alias: string) =>
  `json_build_object('id', ${alias}.id, 'code', ${alias}.code, 'position', ${alias}.position, 'created_at', ${alias}.created_at,
     'updated_at', ${alias}.updated_at, 'enabled', ${alias}.enabled,
     'translations', coalesce((select json_agg(json_build_object('id', pmt.id, 'locale', pmt.locale, 'name', pmt.name,
                                                                  'description', pmt.description, 'instructions', pmt.instructions) order by pmt.id)
                                 from payment_method_translation pmt where pmt.method_id = ${alias}.id), '[]'::json),
     'channels', coalesce((select json_agg(${channelJson('pmch')} order by pmch.id)
                             from payment_method_channel pmc join channel pmch on pmch.id = pmc.channel_id
                            where pmc.payment_method_id = ${alias}.id), '[]'::json))`;

/** A payment with its method (null when it has none), as one JSON object (see PaymentJson). */
export const paymentJson = (alias: string) =>
  `json_build_object('id', ${alias}.id, 'order_id', ${alias}.order_id, 'amount', ${alias}.amount, 'state', ${alias}.state,
     'method', (select ${paymentMethodJson('pm')} from payment_method pm where pm.id = ${alias}.method_id))`;

export interface PaymentMethodTranslationJson {
  id: number;
  locale: string;
  name: string;
  description: string | null;
  instructions: string | null;
}

/** A payment method in the form the serializer reads: built in SQL (paymentMethodJson) or from a loaded entity. */
export interface PaymentMethodJson {
  id: number;
  code: string;
  position: number;
  created_at: Date | string;
  updated_at: Date | string;
  enabled: boolean;
  translations: PaymentMethodTranslationJson[];
  channels: ChannelJson[];
}

/** A payment in the form the serializer reads: built in SQL (paymentJson) or from a loaded entity. */
export interface PaymentJson {
  id: number;
  order_id: number;
  amount: number;
  state: string;
  method: PaymentMethodJson | null;
}
