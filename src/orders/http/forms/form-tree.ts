import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { ApiError, invalidJson } from '../../../common/errors/api-error';
import { isPlainObject, withoutTypeKeys } from '../../../common/forms/validate-form';

/**
 * The checkout forms have children the generic form mechanism cannot express (a province child that
 * depends on the submitted country, lists whose entries follow the order's shipments or payments, a
 * choice field listing its options), so their 400 tree is built here. A node is `{errors?, children?}`,
 * messages first; list-like children are JSON arrays.
 */
export interface FormNode {
  errors?: string[];
  children?: Record<string, FormNode> | FormNode[];
}

export const EXTRA_FIELDS = 'This form should not contain extra fields.';

/** A node without children: `{}` or `{errors}`. */
export const leaf = (messages: readonly string[] = []): FormNode => (messages.length > 0 ? { errors: [...messages] } : {});

/** A node with children, its own messages first. */
export const branch = (messages: readonly string[], children: Record<string, FormNode> | FormNode[]): FormNode =>
  messages.length > 0 ? { errors: [...messages], children } : { children };

/** Whether a node or any node below it has a message. */
function hasErrors(node: FormNode): boolean {
  if ((node.errors?.length ?? 0) > 0) return true;
  const children = node.children ?? [];
  return (Array.isArray(children) ? children : Object.values(children)).some(hasErrors);
}

/** The 400 of an invalid form with this tree. */
export const validationFailed = (root: FormNode): ApiError => new ApiError(400, { code: 400, message: 'Validation Failed', errors: root });

/** Throws the 400 of an invalid form when the tree has any message. */
export function throwIfTreeInvalid(root: FormNode): void {
  if (hasErrors(root)) throw validationFailed(root);
}

/** The request body as an object (an empty body is `{}`); anything else is unreadable JSON. */
export function bodyObject(body: unknown): Record<string, unknown> {
  const input = body === undefined || body === null || body === '' ? {} : body;
  if (!isPlainObject(input)) throw invalidJson();
  return input;
}

/** Keys of `value` that are not among `known`. */
export const unknownKeys = (value: Record<string, unknown>, known: readonly string[]): string[] => Object.keys(value).filter((key) => !known.includes(key));

/**
 * Validates the given keys of `input` against a class-validator form class; returns the instance and
 * the first violation's message per field.
 */
export function validateFields<T extends object>(dto: new () => T, input: Record<string, unknown>, fields: readonly string[]): { data: T; messages: Map<string, string[]> } {
  const picked: Record<string, unknown> = {};
  for (const field of fields) if (Object.prototype.hasOwnProperty.call(input, field)) picked[field] = withoutTypeKeys(input[field]);
  const data = plainToInstance(dto, picked, { enableImplicitConversion: false, exposeDefaultValues: false });
  const messages = new Map<string, string[]>();
  for (const violation of validateSync(data, { stopAtFirstError: true, forbidUnknownValues: false })) {
    messages.set(violation.property, Object.values(violation.constraints ?? {}));
  }
  return { data, messages };
}

/**
 * The entries of a list field sent as an array or as an object keyed "0", "1", …; null when it is
 * neither. Keys that are not indexes come back as `extra`.
 */
export function listEntries(value: unknown): { entries: Map<number, unknown>; extra: boolean } | null {
  if (Array.isArray(value)) return { entries: new Map(value.map((entry, index) => [index, entry])), extra: false };
  if (!isPlainObject(value)) return null;
  const entries = new Map<number, unknown>();
  let extra = false;
  for (const [key, entry] of Object.entries(value)) {
    if (/^(0|[1-9]\d{0,8})$/.test(key)) entries.set(Number(key), entry);
    else extra = true;
  }
  return { entries, extra };
}
