import type { FormListErrors } from '../../common/forms/form-errors';
import { NOT_VALID } from '../../common/forms/messages';
import type { MethodChoiceForm } from '../http/forms/method-selection.forms';

export const SELECT_SHIPPING_METHOD = 'Please select shipping method.';
export const SELECT_PAYMENT_METHOD = 'Please select a payment method.';

export interface MethodListRules {
  /** How many entries the order has (its shipments, or its payments that can still change). */
  entries: number;
  /** The codes a client may choose, in the order the choice field lists them. */
  choices: readonly string[];
  /** The message of an entry without a method. */
  blank: string;
  /** PATCH: a missing list or entry keeps what is there. */
  partial: boolean;
}

/**
 * Adds what the order decides about a method list to its errors: entry n is the order's n-th shipment
 * or payment (an entry beyond them is an extra field), each needs a method (under PATCH only when it
 * is sent) among the choices, which its `method` node lists as one `{}` each. Returns the chosen code
 * per entry (null: keep the current one, or the entry is invalid).
 */
export function checkMethodList(sent: ReadonlyMap<number, MethodChoiceForm>, errors: FormListErrors, rules: MethodListRules): Array<string | null> {
  errors.expectEntries(rules.entries);
  const chosen: Array<string | null> = [];
  for (let index = 0; index < rules.entries; index += 1) {
    const entry = errors.entry(index).listChoices('method', rules.choices);
    chosen.push(null);
    const form = sent.get(index);
    if (form === undefined) {
      // Left out or null (or not an object, which is reported already).
      if (!rules.partial && entry.isValid) entry.add('method', rules.blank);
      continue;
    }
    const method = form.method;
    if (method === undefined && rules.partial) continue;
    if (method === undefined || method === null || method === '') entry.add('method', rules.blank);
    else if (entry.has('method')) continue;
    else if (!rules.choices.includes(method)) entry.add('method', NOT_VALID);
    else chosen[index] = method;
  }
  return chosen;
}
