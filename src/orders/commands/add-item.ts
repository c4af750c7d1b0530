import { throwIfInvalid } from '../../common/forms/form-validation.exception';
import type { SubmittedForm } from '../../common/forms/validate-form';
import type { AddCartItemForm } from '../http/forms/cart-item.forms';
import { serializeCartItem } from '../serializers/cart.serializer';
import { inOrderTransaction, lockAndLoad, save, type OrderCommandContext } from '../write-path/write-path';
import { checkAddable } from './cart-item-checks';

/**
 * Adds pieces of a variant to a cart, merged into the line that already holds it, and answers that line
 * as GET cart shows it. Without a valid variant code there is nothing the database could add to the
 * form's errors, so the variant is not read.
 */
export function addItem({ em, outbox }: OrderCommandContext, cartId: number, form: SubmittedForm<AddCartItemForm>) {
  const variantCode = form.errors.has('variant') ? undefined : form.data.variant;
  return inOrderTransaction(em, async (tx) => {
    const cart = await lockAndLoad(tx, { cart: cartId, addingVariant: variantCode });
    if (variantCode === undefined) throwIfInvalid(form.errors);
    checkAddable(cart, form);
    const line = cart.addItem(cart.addedVariant!.id, form.data.quantity);
    const saved = await save(tx, cart, outbox);
    // The answer is the line in the cart read for the cart.updated event: one read serves both, and the
    // line goes through the same serializer, with the same input type, as GET cart's. Serializing the
    // changed entities instead would need a second input type for that serializer (the variant's
    // translations, option values and prices are not part of the aggregate) for a statement saved.
    const answered = saved.cart?.items.find((item) => item.id === line.id);
    if (answered === undefined) throw new Error(`The cart line ${line.id} just written is not in its cart's event`);
    return serializeCartItem(answered);
  });
}
