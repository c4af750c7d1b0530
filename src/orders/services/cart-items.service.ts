import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { SubmittedForm } from '../../common/forms/validate-form';
import { EventOutbox } from '../../events';
import { addItem } from '../commands/add-item';
import { changeItemQuantity } from '../commands/change-item-quantity';
import { removeItem } from '../commands/remove-item';
import type { AddCartItemForm, ChangeCartItemForm } from '../http/forms/cart-item.forms';
import type { OrderCommandContext } from '../write-path/write-path';

@Injectable()
export class CartItemsService {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: EventOutbox,
  ) {}

  private get context(): OrderCommandContext {
    return { em: this.em, outbox: this.outbox };
  }

  /** Adds a variant to the cart, merged into the line that already holds it; answers that line as a GET of the cart shows it. */
  add(cartId: number, form: SubmittedForm<AddCartItemForm>) {
    return addItem(this.context, cartId, form);
  }

  /** Sets a line's quantity: units are added, or the oldest removed, until there is one per piece. */
  changeQuantity(cartId: number, itemId: number | null, form: SubmittedForm<ChangeCartItemForm>): Promise<void> {
    return changeItemQuantity(this.context, cartId, itemId, form);
  }

  remove(cartId: number, itemId: number | null): Promise<void> {
    return removeItem(this.context, cartId, itemId);
  }
}
