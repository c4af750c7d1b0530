import { Client, latency, type SequentialLatency } from './checkout-flow';

export interface BigCartAdds {
  /** The request timed: POST one piece of a variant already on the cart (it merges into that line). */
  fiftyLines: SequentialLatency | null;
  /** The same into the 50-line cart of 200 pieces (200 lines are over the 50-line limit). */
  twoHundredUnits: SequentialLatency | null;
  warmup: number;
  note?: string;
}

interface CartLine {
  id: number;
  quantity: number;
  variant: { code: string };
}

/**
 * Add item into one big cart, timed one request at a time over one kept-alive connection (as a 1-connection
 * autocannon run would), `warmup + requests` times. Between two adds the line is set back to its quantity
 * (untimed), so every timed request meets the same cart: repeated adds would otherwise grow it past the
 * 300-piece limit (src/orders/domain/cart-limits.ts).
 */
async function addRepeatedly(client: Client, cartId: number, variant: string, warmup: number, requests: number): Promise<SequentialLatency> {
  const cart = JSON.parse((await client.expect(200, 'GET', `/api/v1/carts/${cartId}`)).body) as { items: CartLine[] };
  const line = cart.items.find((item) => item.variant.code === variant);
  if (line === undefined) throw new Error(`cart ${cartId} has no line of ${variant}`);
  const times: number[] = [];
  for (let index = 0; index < warmup + requests; index += 1) {
    times.push((await client.expect(201, 'POST', `/api/v1/carts/${cartId}/items/`, { variant, quantity: 1 })).ms);
    await client.expect(204, 'PUT', `/api/v1/carts/${cartId}/items/${line.id}`, { quantity: line.quantity });
  }
  return latency(times, warmup);
}

export async function measureBigCartAdds(
  baseUrl: string,
  headers: Record<string, string>,
  carts: { fiftyLines: number; twoHundredUnits: number; variant: string },
  requests: number,
  log: (message: string) => void,
): Promise<BigCartAdds> {
  const client = new Client(baseUrl, headers);
  const warmup = Math.max(5, Math.floor(requests / 10));
  const result: BigCartAdds = { fiftyLines: null, twoHundredUnits: null, warmup };
  try {
    log(`latency: add item into the 50-line cart (${requests} timed, 1 connection)`);
    result.fiftyLines = await addRepeatedly(client, carts.fiftyLines, carts.variant, warmup, requests);
    log(`latency: add item into the 50-line cart of 200 pieces (${requests} timed, 1 connection)`);
    result.twoHundredUnits = await addRepeatedly(client, carts.twoHundredUnits, carts.variant, warmup, requests);
    return result;
  } catch (error) {
    const note = error instanceof Error ? error.message : String(error);
    log(`big carts: ${note}`);
    return { ...result, note };
  } finally {
    client.close();
  }
}
