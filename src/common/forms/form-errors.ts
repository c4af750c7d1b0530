import type { FormShape } from './form-shape';

/** Violations collected for one form submission, rendered in the form's field order. */
export class FormErrors {
  private readonly rootErrors: string[] = [];
  private readonly fieldErrors = new Map<string, string[]>();
  private readonly subForms = new Map<string, FormErrors>();

  constructor(readonly shape: FormShape) {}

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

  get isValid(): boolean {
    return this.rootErrors.length === 0 && this.fieldErrors.size === 0 && [...this.subForms.values()].every((f) => f.isValid);
  }

  /** The `errors` value of the 400 body: own messages first, then every child in form order. */
  toJSON(): Record<string, unknown> {
    const children: Record<string, unknown> = {};
    for (const field of this.shape.fields) {
      const nested = this.subForms.get(field);
      if (nested) {
        children[field] = nested.toJSON();
      } else if (!this.shape.subForms[field]) {
        const messages = this.fieldErrors.get(field);
        children[field] = messages ? { errors: messages } : {};
      }
    }
    return this.rootErrors.length > 0 ? { errors: this.rootErrors, children } : { children };
  }
}
