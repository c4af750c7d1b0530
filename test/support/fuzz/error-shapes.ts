/**
 * The documented error bodies (decisions.md, "Routing and errors"; seed §7) as a checker: answers
 * why a 4xx/5xx body is not one of them, or null when it is.
 */

// 410: an event feed cursor below the events still kept (events §2).
const CODE_MESSAGE_STATUSES = new Set([400, 403, 404, 405, 409, 410, 413, 415, 422, 429]);
const OAUTH_STATUSES = new Set([400, 401]);

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const isMessageList = (value: unknown): boolean =>
  Array.isArray(value) && value.length > 0 && value.every((message) => typeof message === 'string' && message !== '');

function exactKeys(body: Json, keys: string[]): boolean {
  const actual = Object.keys(body);
  return actual.length === keys.length && keys.every((key, index) => actual[index] === key);
}

/**
 * `{errors?: [..], children: {field: {} | {errors: [..]} | <form tree>}}`, or a child's `{errors: [..]}`.
 * List-like children (the checkout's shipments and payments, a choice's options) are a JSON array.
 */
function formTreeProblem(tree: unknown, path: string, isChild: boolean): string | null {
  if (!isObject(tree)) return `${path} is not an object`;
  const keys = Object.keys(tree);
  if (keys.some((key) => key !== 'errors' && key !== 'children')) return `${path} has keys ${keys.join(', ')}`;
  if ('errors' in tree && !isMessageList(tree.errors)) return `${path}.errors is not a non-empty list of messages`;
  if (!('children' in tree)) return isChild ? null : `${path} has no children`;
  if (keys.indexOf('errors') > keys.indexOf('children')) return `${path}.errors comes after children`;
  if (!isObject(tree.children) && !(isChild && Array.isArray(tree.children))) return `${path}.children is not an object`;
  for (const [field, child] of Object.entries(tree.children)) {
    const problem = formTreeProblem(child, `${path}.children.${field}`, true);
    if (problem) return problem;
  }
  return null;
}

/** Why `body` (already parsed) is not a documented error body for `status`; null when it is one. */
export function errorBodyProblem(status: number, body: unknown): string | null {
  if (!isObject(body)) return 'the body is not a JSON object';
  if ('error' in body) {
    if (!OAUTH_STATUSES.has(status)) return `an OAuth error body with status ${status}`;
    if (!exactKeys(body, ['error', 'error_description'])) return `OAuth error keys ${Object.keys(body).join(', ')}`;
    if (typeof body.error !== 'string' || body.error === '') return 'OAuth error is not a string';
    return typeof body.error_description === 'string' || body.error_description === null ? null : 'OAuth error_description is not a string';
  }
  if (!CODE_MESSAGE_STATUSES.has(status)) return `status ${status} is not a documented error status`;
  if (body.code !== status) return `code ${JSON.stringify(body.code)} differs from the status ${status}`;
  // The one documented empty message: an order cancel or payment completion refused in the wrong state (400).
  const emptyAllowed = status === 400 && exactKeys(body, ['code', 'message']);
  if (typeof body.message !== 'string' || (body.message === '' && !emptyAllowed)) return 'message is not a non-empty string';
  // A stale variant `version` answers the form with 409 (the catalogue contract §1.5).
  if ((status === 400 || status === 409) && body.message === 'Validation Failed') {
    if (!exactKeys(body, ['code', 'message', 'errors'])) return `validation body keys ${Object.keys(body).join(', ')}`;
    return formTreeProblem(body.errors, 'errors', false);
  }
  return exactKeys(body, ['code', 'message']) ? null : `error body keys ${Object.keys(body).join(', ')}`;
}

/** Parses a response body as JSON; the problem when it is not JSON. */
export function parseJsonBody(text: string): { value: unknown } | { problem: string } {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return { problem: `the body is not JSON: ${JSON.stringify(text.slice(0, 200))}` };
  }
}
