type ErrorNode = Record<string, unknown>;

const node = (messages: readonly string[], children?: unknown): ErrorNode => ({
  ...(messages.length > 0 && { errors: [...messages] }),
  ...(children !== undefined && { children }),
});

const addOnce = (list: string[], message: string): void => {
  if (!list.includes(message)) list.push(message);
};

/**
 * Violations of a translations map: one child per locale of the shop (whether it was sent or not), each
 * with one child per translated field, as the 400 tree lists them.
 */
export class TranslationErrors {
  private readonly rootErrors: string[] = [];
  private readonly localeErrors = new Map<string, string[]>();
  private readonly fieldErrors = new Map<string, string[]>();

  constructor(
    readonly locales: readonly string[],
    readonly fields: readonly string[],
  ) {}

  addRoot(message: string): this {
    addOnce(this.rootErrors, message);
    return this;
  }

  addLocale(locale: string, message: string): this {
    const list = this.localeErrors.get(locale) ?? [];
    addOnce(list, message);
    this.localeErrors.set(locale, list);
    return this;
  }

  add(locale: string, field: string, message: string): this {
    const key = `${locale}\u0000${field}`;
    const list = this.fieldErrors.get(key) ?? [];
    addOnce(list, message);
    this.fieldErrors.set(key, list);
    return this;
  }

  has(locale: string, field: string): boolean {
    return (this.fieldErrors.get(`${locale}\u0000${field}`)?.length ?? 0) > 0;
  }

  get isValid(): boolean {
    return this.rootErrors.length === 0 && [...this.localeErrors.values(), ...this.fieldErrors.values()].every((list) => list.length === 0);
  }

  toJSON(): ErrorNode {
    const children: Record<string, unknown> = {};
    for (const locale of this.locales) {
      const fields: Record<string, unknown> = {};
      for (const field of this.fields) fields[field] = node(this.fieldErrors.get(`${locale}\u0000${field}`) ?? []);
      children[locale] = node(this.localeErrors.get(locale) ?? [], fields);
    }
    return node(this.rootErrors, children);
  }
}
