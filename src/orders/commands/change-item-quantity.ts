import type { SubmittedForm } from '../../common/forms/validate-form';
import type { ChangeCartItemForm } from '../http/forms/cart-item.forms';
import { inOrderTransaction, lockAndLoad, save, type OrderCommandContext } from '../write-path/write-path';
import { checkQuantity, lineOf } from './cart-item-checks';

/** Sets a cart line's quantity: units are added, or the oldest removed, until there is one per piece. */
export function changeItemQuantity({ em, outbox }: OrderCommandContext, cartId: number, itemId: number | null, form: SubmittedForm<ChangeCartItemForm>): Promise<void> {
  return inOrderTransaction(em, async (tx) => {
    const cart = await lockAndLoad(tx, { cart: cartId });
    const line = lineOf(cart, itemId);
    checkQuantity(cart, line, form);
    cart.changeQuantity(line, form.data.quantity);
    await save(tx, cart, outbox);
  });
}
