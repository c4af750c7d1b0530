import { resourceNotFound } from '../../common/errors/api-error';
import { parseId } from '../../common/errors/parse-id';

/** The `{id}` / `{cartId}` path segment; one that cannot be a cart id is a 404. */
export const parseCartId = (raw: string): number => parseId(raw, () => resourceNotFound('cart'));

/**
 * The `{itemId}` path segment, or null when it cannot be an item id: that is answered as an unknown
 * item, but only after the cart itself has been found.
 */
export function parseCartItemId(raw: string): number | null {
  try {
    return parseId(raw, () => resourceNotFound('cart item'));
  } catch {
    return null;
  }
}
