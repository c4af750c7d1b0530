import { EXTRA_FIELDS } from '../../common/forms/messages';

type ErrorNode = Record<string, unknown>;

const node = (messages: readonly string[], children?: unknown): ErrorNode => ({
  ...(messages.length > 0 && { errors: [...messages] }),
  ...(children !== undefined && { children }),
});

const addOnce = (list: string[], message: string): void => {
  if (!list.includes(message)) list.push(message);
};

/** The violations of one entry of a keyed map: its own, and those of its fields when it is a small form. */
export class KeyedEntryErrors {
  private readonly own: string[] = [];
  private readonly fields = new Map<string, string[]>();

  constructor(private readonly fieldNames: readonly string[] | null) {}

  addRoot(message: string): this {
    addOnce(this.own, message);
    return this;
  }

  add(field: string, message: string): this {
    if (this.fieldNames === null || !this.fieldNames.includes(field)) throw new Error(`"${field}" is not a field of this entry`);
    const list = this.fields.get(field) ?? [];
    addOnce(list, message);
    this.fields.set(field, list);
    return this;
  }

  has(field: string): boolean {
    return (this.fields.get(field)?.length ?? 0) > 0;
  }

  get isValid(): boolean {
    return this.own.length === 0 && [...this.fields.values()].every((list) => list.length === 0);
  }

  toJSON(): ErrorNode {
    if (this.fieldNames === null) return node(this.own);
    return node(this.own, Object.fromEntries(this.fieldNames.map((field) => [field, node(this.fields.get(field) ?? [])])));
  }
}

/**
 * The violations of a form child that is a map keyed by rows of the database (locales, channels, the
 * product's options): one child per such row, in their order, each a plain field (`fields` null) or a
 * small form with these fields. A key that names no row is an extra field of the map.
 */
export class KeyedFormErrors {
  private readonly own: string[] = [];
  private readonly entries = new Map<string, KeyedEntryErrors>();

  constructor(
    readonly keys: readonly string[],
    private readonly fields: readonly string[] | null,
  ) {}

  addRoot(message: string): this {
    addOnce(this.own, message);
    return this;
  }

  addExtraFields(): this {
    return this.addRoot(EXTRA_FIELDS);
  }

  entry(key: string): KeyedEntryErrors {
    let entry = this.entries.get(key);
    if (entry === undefined) {
      entry = new KeyedEntryErrors(this.fields);
      this.entries.set(key, entry);
    }
    return entry;
  }

  get isValid(): boolean {
    return this.own.length === 0 && [...this.entries.values()].every((entry) => entry.isValid);
  }

  toJSON(): ErrorNode {
    return node(this.own, Object.fromEntries(this.keys.map((key) => [key, this.entry(key).toJSON()])));
  }
}
