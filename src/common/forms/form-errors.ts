import type { FormShape } from './form-shape';
import { EXTRA_FIELDS } from './messages';

type ErrorNode = Record<string, unknown>;

/** A node of the tree rendered by another collector (e.g. a form whose maps have children known only at run time). */
interface ErrorTreeNode {
  readonly isValid: boolean;
  toJSON(): unknown;
}

/** A node of the 400 tree: its own messages first, then its children when it has any. */
const node = (messages: readonly string[], children?: unknown): ErrorNode => ({
  ...(messages.length > 0 && { errors: [...messages] }),
  ...(children !== undefined && { children }),
});

/** Violations collected for one form submission, rendered in the form's field order. */
export class FormErrors {
  private readonly rootErrors: string[] = [];
  private readonly fieldErrors = new Map<string, string[]>();
  private readonly subForms = new Map<string, FormErrors>();
  private readonly nodes = new Map<string, ErrorTreeNode>();
  private readonly lists = new Map<string, FormListErrors>();
  private readonly included = new Set<string>();
  private readonly choices = new Map<string, number>();
  private receivedKeys: readonly string[] = [];

  constructor(readonly shape: FormShape) {}

  /** Records the keys the client sent for this form: one that names no child is reported as an extra field. */
  receive(keys: readonly string[]): this {
    this.receivedKeys = keys;
    return this;
  }

  /** Makes a dependent field one of the form's children (e.g. the province field of a country that has provinces). */
  include(field: string): this {
    if (!this.shape.dependentFields.includes(field)) throw new Error(`"${field}" is not a dependent field`);
    this.included.add(field);
    return this;
  }

  /** Shows a choice field with one empty child per option, as the 400 tree lists a choice. */
  listChoices(field: string, options: readonly unknown[]): this {
    this.choices.set(field, options.length);
    return this;
  }

  addRoot(message: string): this {
    if (!this.rootErrors.includes(message)) this.rootErrors.push(message);
    return this;
  }

  add(field: string, message: string): this {
    const list = this.fieldErrors.get(field) ?? [];
    if (!list.includes(message)) list.push(message);
    this.fieldErrors.set(field, list);
    return this;
  }

  has(field: string): boolean {
    return (this.fieldErrors.get(field)?.length ?? 0) > 0;
  }

  /** Whether any child field of the form has a message (its own, not the form's nor its nested forms'). */
  get hasFieldErrors(): boolean {
    return this.children.some((field) => this.has(field));
  }

  /** Includes an optional nested form (e.g. `user`) in the error tree and returns its collector. */
  subForm(field: string): FormErrors {
    let nested = this.subForms.get(field);
    if (!nested) {
      const shape = this.shape.subForms[field];
      if (!shape) throw new Error(`"${field}" is not a sub-form`);
      nested = new FormErrors(shape);
      this.subForms.set(field, nested);
    }
    return nested;
  }

  /**
   * Reports `nested` as the node of `field`, a child whose own children are known only at run time (a
   * map keyed by locales or channels, see keyed-forms.ts): its messages and children, in its shape's order.
   */
  nest(field: string, nested: FormErrors | ErrorTreeNode): this {
    if (!this.shape.fields.includes(field)) throw new Error(`"${field}" is not a field`);
    if (nested instanceof FormErrors) this.subForms.set(field, nested);
    else this.nodes.set(field, nested);
    return this;
  }

  /** The collector of a list of nested forms (e.g. one entry per shipment). */
  list(field: string): FormListErrors {
    let list = this.lists.get(field);
    if (!list) {
      const declared = this.shape.lists[field];
      if (!declared) throw new Error(`"${field}" is not a list of forms`);
      list = new FormListErrors(declared.shape);
      this.lists.set(field, list);
    }
    return list;
  }

  /** The fields reported as children: the declared ones, dependent fields only once included. */
  private get children(): string[] {
    return this.shape.fields.filter((field) => !this.shape.dependentFields.includes(field) || this.included.has(field));
  }

  private get ownErrors(): string[] {
    const children = new Set(this.children);
    const known = new Set([...children, ...Object.keys(this.shape.aliases).filter((alias) => children.has(this.shape.aliases[alias]))]);
    return this.receivedKeys.some((key) => !known.has(key)) ? [EXTRA_FIELDS, ...this.rootErrors] : this.rootErrors;
  }

  get isValid(): boolean {
    // A dependent field that is not part of the form does not count (its value is not read).
    const ignored = (field: string) => this.shape.dependentFields.includes(field) && !this.included.has(field);
    return (
      this.ownErrors.length === 0 &&
      [...this.fieldErrors.keys()].every((field) => ignored(field) || !this.has(field)) &&
      [...this.subForms.values()].every((form) => form.isValid) &&
      [...this.nodes.values()].every((node) => node.isValid) &&
      [...this.lists.values()].every((list) => list.isValid)
    );
  }

  /** The `errors` value of the 400 body: own messages first, then every child in form order. */
  toJSON(): ErrorNode {
    const children: Record<string, unknown> = {};
    for (const field of this.children) {
      const nested = this.nodes.get(field) ?? this.subForms.get(field);
      if (nested) {
        children[field] = nested.toJSON();
      } else if (this.shape.lists[field]) {
        children[field] = this.list(field).toJSON();
      } else if (!this.shape.subForms[field]) {
        const choices = this.choices.get(field);
        children[field] = node(this.fieldErrors.get(field) ?? [], choices === undefined ? undefined : Array.from({ length: choices }, () => ({})));
      }
    }
    return node(this.ownErrors, children);
  }
}

/** Violations of a list of nested forms; its children are a JSON array, one node per entry. */
export class FormListErrors {
  private readonly rootErrors: string[] = [];
  private readonly entries = new Map<number, FormErrors>();
  private lastSent = -1;
  private length = 0;

  constructor(readonly entryShape: FormShape) {}

  addRoot(message: string): this {
    if (!this.rootErrors.includes(message)) this.rootErrors.push(message);
    return this;
  }

  /** Records that the client sent entry `index` (an extra field when the list holds fewer entries). */
  receive(index: number): this {
    this.lastSent = Math.max(this.lastSent, index);
    return this;
  }

  /** How many entries the client sent, counting up to the highest index (for a list as long as it was sent). */
  get sentLength(): number {
    return this.lastSent + 1;
  }

  entry(index: number): FormErrors {
    let entry = this.entries.get(index);
    if (!entry) {
      entry = new FormErrors(this.entryShape);
      this.entries.set(index, entry);
    }
    return entry;
  }

  /**
   * The list holds `count` entries (e.g. one per shipment of the order, known to the service): those
   * are reported, and an entry sent beyond them is an extra field.
   */
  expectEntries(count: number): this {
    this.length = count;
    if (this.lastSent >= count) this.addRoot(EXTRA_FIELDS);
    return this;
  }

  get isValid(): boolean {
    return this.rootErrors.length === 0 && [...this.entries.values()].every((entry) => entry.isValid);
  }

  toJSON(): ErrorNode {
    return node(this.rootErrors, Array.from({ length: this.length }, (_, index) => this.entry(index).toJSON()));
  }
}
