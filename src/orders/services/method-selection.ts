import { NOT_VALID } from '../../common/forms/messages';
import { isPlainObject } from '../../common/forms/validate-form';
import { branch, EXTRA_FIELDS, leaf, listEntries, throwIfTreeInvalid, unknownKeys, type FormNode } from '../http/forms/form-tree';

export const SELECT_SHIPPING_METHOD = 'Please select shipping method.';
export const SELECT_PAYMENT_METHOD = 'Please select a payment method.';

export interface MethodListForm {
  /** `shipments` or `payments`. */
  list: string;
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
 * Validates `{<list>: [{method: code}, …]}` (an array or an object keyed by index): entry n is the
 * order's n-th shipment or payment. Returns the chosen code per entry (null: keep the current one, only
 * under PATCH); throws the 400 tree when something is wrong. The `method` node lists one `{}` per choice.
 */
export function validateMethodList(body: Record<string, unknown>, form: MethodListForm): Array<string | null> {
  const rootErrors = unknownKeys(body, [form.list]).length > 0 ? [EXTRA_FIELDS] : [];
  const sent = Object.prototype.hasOwnProperty.call(body, form.list) ? body[form.list] : undefined;
  const list = sent === undefined || sent === null ? { entries: new Map<number, unknown>(), extra: false } : listEntries(sent);
  const choiceNodes = form.choices.map(() => leaf());
  const chosen: Array<string | null> = [];
  const entryNodes: FormNode[] = [];
  for (let index = 0; index < form.entries; index += 1) {
    const raw = list?.entries.get(index);
    const absent = raw === undefined || raw === null;
    if (!absent && !isPlainObject(raw)) {
      entryNodes.push(branch([NOT_VALID], { method: branch([], choiceNodes) }));
      chosen.push(null);
      continue;
    }
    const entry = isPlainObject(raw) ? raw : {};
    const entryErrors = unknownKeys(entry, ['method']).length > 0 ? [EXTRA_FIELDS] : [];
    const method = entry.method;
    let messages: string[] = [];
    if (method === undefined && form.partial) {
      chosen.push(null);
    } else if (method === undefined || method === null || method === '') {
      messages = [form.blank];
      chosen.push(null);
    } else if (typeof method !== 'string' || !form.choices.includes(method)) {
      messages = [NOT_VALID];
      chosen.push(null);
    } else {
      chosen.push(method);
    }
    entryNodes.push(branch(entryErrors, { method: branch(messages, choiceNodes) }));
  }
  const tooMany = list === null ? false : list.extra || [...list.entries.keys()].some((index) => index >= form.entries);
  const listErrors = list === null ? [NOT_VALID] : tooMany ? [EXTRA_FIELDS] : [];
  throwIfTreeInvalid(branch(rootErrors, { [form.list]: branch(listErrors, entryNodes) }));
  return chosen;
}
