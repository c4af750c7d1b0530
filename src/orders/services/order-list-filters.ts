import { badRequest } from '../../common/errors/api-error';
import { TEXT_FILTER_TYPES, type TextFilterType } from '../queries/order-list.read-model';

/**
 * The order list's filters, read from the raw query. Besides the flat `criteria[name]=value` every
 * list takes, the reference's grid forms work: `criteria[number|customer][type]` / `[value]`,
 * `criteria[date][from|to]` (also `[from][date]` with an optional `[from][time]`) and
 * `criteria[total][greaterThan|lessThan|currency]` (amounts in major units, as the grid takes them).
 */
export interface OrderListFilters {
  number?: { type: TextFilterType; value: string };
  customer?: { type: TextFilterType; value: string };
  channel?: { id: number | null; code: string };
  completedFrom?: Date;
  /** Exclusive upper bound: the day after a date-only `to`. */
  completedBefore?: Date;
  /** Inclusive upper bound, for a `to` with a time. */
  completedUntil?: Date;
  totalAbove?: number;
  totalBelow?: number;
  currency?: string;
}

const KEY = /^criteria\[(number|customer|channel|date|total)\](?:\[([^\]]*)\](?:\[([^\]]*)\])?)?$/;

function invalid(name: string, detail: string): never {
  throw badRequest(`Invalid filter "${name}": ${detail}`);
}

function textType(name: string, raw: string | undefined): TextFilterType {
  if (raw === undefined || raw === '') return 'contains';
  if (!(TEXT_FILTER_TYPES as string[]).includes(raw)) invalid(name, `type must be one of ${TEXT_FILTER_TYPES.join(', ')}.`);
  return raw as TextFilterType;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}(:\d{2})?$/;

/** A date (`YYYY-MM-DD`, with an optional `hh:mm[:ss]` time, or a full ISO date-time); UTC when no offset is given. */
function readInstant(raw: string, time: string | undefined): { at: Date; dateOnly: boolean } {
  let text = raw.trim();
  if (time !== undefined && time !== '') {
    if (!DATE.test(text) || !TIME.test(time)) invalid('date', 'expected YYYY-MM-DD and hh:mm.');
    text = `${text}T${time}`;
  }
  const dateOnly = DATE.test(text);
  const iso = dateOnly ? `${text}T00:00:00Z` : /[zZ]|[+-]\d{2}:?\d{2}$/.test(text) ? text : `${text}Z`;
  const at = new Date(iso);
  if (!/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?([zZ]|[+-]\d{2}:?\d{2})?$/.test(text) || Number.isNaN(at.getTime())) {
    invalid('date', 'expected a date (YYYY-MM-DD) or an ISO 8601 date-time.');
  }
  return { at, dateOnly };
}

/** A decimal amount in major units (`12.5`) as minor units (1250). */
function readAmount(raw: string): number {
  if (!/^\s*\d{1,12}(\.\d{1,2})?\s*$/.test(raw)) invalid('total', 'amounts are decimal numbers with at most 2 decimals.');
  return Math.round(Number(raw) * 100);
}

export function parseOrderListFilters(rawQuery: string): OrderListFilters {
  const parts = new Map<string, Map<string, string>>();
  for (const [key, value] of new URLSearchParams(rawQuery)) {
    const match = KEY.exec(key);
    if (match === null) continue;
    const [, name, sub = '', subSub] = match;
    const path = subSub === undefined ? sub : `${sub}.${subSub}`;
    if (!parts.has(name)) parts.set(name, new Map());
    parts.get(name)!.set(path, value);
  }
  const filters: OrderListFilters = {};
  for (const [name, values] of parts) {
    const allowed: Record<string, string[]> = {
      number: ['', 'value', 'type'],
      customer: ['', 'value', 'type'],
      channel: [''],
      date: ['from', 'to', 'from.date', 'from.time', 'to.date', 'to.time'],
      total: ['greaterThan', 'lessThan', 'currency'],
    };
    const unknown = [...values.keys()].find((path) => !allowed[name].includes(path));
    if (unknown !== undefined) invalid(name, `accepted forms are ${allowed[name].map((path) => `criteria[${name}]${path === '' ? '' : `[${path.replace('.', '][')}]`}`).join(', ')}.`);
    if (name === 'number' || name === 'customer') {
      const value = (values.get('value') ?? values.get('') ?? '').trim();
      if (value !== '') filters[name] = { type: textType(name, values.get('type')), value };
    } else if (name === 'channel') {
      const value = values.get('')!.trim();
      if (value !== '') filters.channel = { id: /^\d{1,9}$/.test(value) ? Number(value) : null, code: value };
    } else if (name === 'date') {
      const from = values.get('from.date') ?? values.get('from');
      const to = values.get('to.date') ?? values.get('to');
      if (from !== undefined && from.trim() !== '') filters.completedFrom = readInstant(from, values.get('from.time')).at;
      if (to !== undefined && to.trim() !== '') {
        const { at, dateOnly } = readInstant(to, values.get('to.time'));
        if (dateOnly) filters.completedBefore = new Date(at.getTime() + 24 * 60 * 60 * 1000);
        else filters.completedUntil = at;
      }
    } else {
      const above = values.get('greaterThan')?.trim();
      const below = values.get('lessThan')?.trim();
      const currency = values.get('currency')?.trim();
      if (above) filters.totalAbove = readAmount(above);
      if (below) filters.totalBelow = readAmount(below);
      if (currency) filters.currency = currency;
    }
  }
  return filters;
}
