import { Client, latency, type SequentialLatency } from './checkout-flow';

export interface BigCartAdds {
  /** The request timed: POST one piece of a variant already on the cart (it merges into that line). */
  fiftyLines: SequentialLatency | null;
  /** The same into the largest cart: the request brings it to the most lines and pieces a cart may hold. */
  largest: SequentialLatency | null;
  /** The largest cart as the timed request leaves it (before its line is set back). */
  largestCart: { lines: number; pieces: number };
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
 * (untimed), so every timed request meets the same cart: the largest cart takes exactly one more piece
 * (src/orders/domain/cart-limits.ts), a second add would be refused.
 */
async function addRepeatedly(
  client: Client,
  cartId: number,
  variant: string,
  warmup: number,
  requests: number,
  shape?: { lines: number; pieces: number },
): Promise<SequentialLatency> {
  const cart = JSON.parse((await client.expect(200, 'GET', `/api/v1/carts/${cartId}`)).body) as { items: CartLine[] };
  const pieces = cart.items.reduce((sum, item) => sum + item.quantity, 0);
  if (shape && (cart.items.length !== shape.lines || pieces !== shape.pieces)) {
    throw new Error(`cart ${cartId} has ${cart.items.length} lines and ${pieces} pieces, expected ${shape.lines} and ${shape.pieces}`);
  }
  const line = cart.items.find((item) => item.variant.code === variant);
  if (line === undefined) throw new Error(`cart ${cartId} has no line of ${variant}`);
  const times: number[] = [];
  for (let index = 0; index < warmup + requests; index += 1) {
    times.push((await client.expect(201, 'POST', `/api/v1/carts/${cartId}/items/`, { variant, quantity: 1 })).ms);
    await client.expect(204, 'PUT', `/api/v1/carts/${cartId}/items/${line.id}`, { quantity: line.quantity });
  }
  return latency(times, warmup);
}

/** "largest cart (100 lines, 1,000 pieces)". */
export const describeLargestCart = ({ lines, pieces }: BigCartAdds['largestCart']): string =>
  `largest cart (${lines.toLocaleString('en-US')} lines, ${pieces.toLocaleString('en-US')} pieces)`;

export async function measureBigCartAdds(
  baseUrl: string,
  headers: Record<string, string>,
  carts: { fiftyLines: number; largest: { id: number; lines: number; pieces: number }; variant: string },
  requests: number,
  log: (message: string) => void,
): Promise<BigCartAdds> {
  const client = new Client(baseUrl, headers);
  const warmup = Math.max(5, Math.floor(requests / 10));
  const largestCart = { lines: carts.largest.lines, pieces: carts.largest.pieces + 1 };
  const result: BigCartAdds = { fiftyLines: null, largest: null, largestCart, warmup };
  try {
    log(`latency: add item into the 50-line cart (${requests} timed, 1 connection)`);
    result.fiftyLines = await addRepeatedly(client, carts.fiftyLines, carts.variant, warmup, requests);
    log(`latency: add item into the ${describeLargestCart(largestCart)} (${requests} timed, 1 connection)`);
    result.largest = await addRepeatedly(client, carts.largest.id, carts.variant, warmup, requests, carts.largest);
    return result;
  } catch (error) {
    const note = error instanceof Error ? error.message : String(error);
    log(`big carts: ${note}`);
    return { ...result, note };
  } finally {
    client.close();
  }
}
