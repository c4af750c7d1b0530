import { EXTRA_FIELDS, NOT_VALID } from '../../common/forms/messages';
import { isPlainObject } from '../../common/forms/validate-form';
import * as m from './promotion-messages';

/** What a configuration names by code; the service checks that each exists. */
export type ReferenceKind = 'channel' | 'taxon' | 'product' | 'customerGroup' | 'country';

export interface ConfigurationReference {
  kind: ReferenceKind;
  code: string;
  /** Where it was sent, for the message when it does not exist. */
  path: string;
}

/** A configuration as the order-processing engine reads it, or the problems found in it. */
interface ReadConfiguration {
  configuration: Record<string, unknown>;
  problems: string[];
  references: ConfigurationReference[];
}

type Configuration = Record<string, unknown>;
type Path = readonly string[];

/** The largest amount in major units that an integer column holds in minor units. */
const MAX_MINOR = 2_147_483_647;
const MAX_COUNT = 2_147_483_647;
const NUMBER_TEXT = /^-?\d+(\.\d+)?$/;
const INTEGER_TEXT = /^-?\d+$/;
const CODE_LIMIT = 255;

/** A problem's message: prefixed with the key path inside the configuration it is about (`WEB.amount: …`). */
const at = (path: Path, message: string): string => (path.length === 0 ? message : `${path.join('.')}: ${message}`);

/** Reads one submitted configuration, collecting problems and references instead of stopping at the first. */
class ConfigurationReader {
  readonly problems: string[] = [];
  readonly references: ConfigurationReference[] = [];

  problem(path: Path, message: string): undefined {
    this.problems.push(at(path, message));
    return undefined;
  }

  /** An object with only these keys (an empty list, as PHP writes an empty map, is an empty object). */
  object(value: unknown, path: Path, keys: readonly string[] | null): Configuration | undefined {
    if (Array.isArray(value) && value.length === 0) return {};
    if (!isPlainObject(value)) return this.problem(path, NOT_VALID);
    if (keys !== null && Object.keys(value).some((key) => !keys.includes(key))) this.problem(path, EXTRA_FIELDS);
    return value;
  }

  private number(value: unknown): number | null {
    if (typeof value === 'number' && Number.isFinite(value)) return value;
    if (typeof value === 'string' && NUMBER_TEXT.test(value.trim())) return Number(value.trim());
    return null;
  }

  private present(value: unknown): boolean {
    return value !== undefined && value !== null && value !== '';
  }

  /** Major units (a number or a numeric text) as minor units. */
  amount(owner: Configuration, key: string, path: Path): number | undefined {
    const value = owner[key];
    if (!this.present(value)) return this.problem([...path, key], m.VALUE_BLANK);
    const amount = this.number(value);
    if (amount === null) return this.problem([...path, key], NOT_VALID);
    if (amount < 0) return this.problem([...path, key], m.AMOUNT_NEGATIVE);
    const minor = Math.round(amount * 100);
    if (minor > MAX_MINOR) return this.problem([...path, key], m.AMOUNT_TOO_HIGH);
    return minor;
  }

  /** A percentage from 0 to 100 as a fraction (15 → 0.15), to four decimals of the percentage. */
  percentage(owner: Configuration, key: string, path: Path): number | undefined {
    const value = owner[key];
    if (!this.present(value)) return this.problem([...path, key], m.VALUE_BLANK);
    const percentage = this.number(value);
    if (percentage === null) return this.problem([...path, key], NOT_VALID);
    if (percentage < 0 || percentage > 100) return this.problem([...path, key], m.PERCENTAGE_OUT_OF_RANGE);
    return Math.round(percentage * 10_000) / 1_000_000;
  }

  /** A positive integer (or its text). */
  count(owner: Configuration, key: string, path: Path): number | undefined {
    const value = owner[key];
    if (!this.present(value)) return this.problem([...path, key], m.VALUE_BLANK);
    const count = typeof value === 'number' ? value : typeof value === 'string' && INTEGER_TEXT.test(value.trim()) ? Number(value.trim()) : NaN;
    if (!Number.isInteger(count)) return this.problem([...path, key], NOT_VALID);
    if (count < 1) return this.problem([...path, key], m.COUNT_TOO_LOW);
    if (count > MAX_COUNT) return this.problem([...path, key], m.COUNT_TOO_HIGH);
    return count;
  }

  /** The code of an existing `kind`. */
  code(owner: Configuration, key: string, path: Path, kind: ReferenceKind): string | undefined {
    const sent = owner[key];
    const value = typeof sent === 'string' ? sent.trim() : sent;
    if (!this.present(value)) return this.problem([...path, key], m.VALUE_BLANK);
    if (typeof value !== 'string' || value.length > CODE_LIMIT) return this.problem([...path, key], NOT_VALID);
    this.references.push({ kind, code: value, path: [...path, key].join('.') });
    return value;
  }

  /** Codes of existing `kind`s, as a list or as one comma-separated text; each once, in the order sent. */
  codes(owner: Configuration, key: string, path: Path, kind: ReferenceKind, required: boolean): string[] | undefined {
    const value = owner[key];
    const keyPath = [...path, key];
    let items: unknown[];
    if (!this.present(value) || (Array.isArray(value) && value.length === 0)) items = [];
    else if (typeof value === 'string') items = value.split(',');
    else if (Array.isArray(value)) items = value;
    else return this.problem(keyPath, NOT_VALID);
    const codes: string[] = [];
    for (const item of items) {
      if (typeof item !== 'string' || item.trim().length > CODE_LIMIT) return this.problem(keyPath, NOT_VALID);
      const code = item.trim();
      if (code !== '' && !codes.includes(code)) codes.push(code);
    }
    if (required && codes.length === 0) return this.problem(keyPath, m.VALUE_BLANK);
    for (const code of codes) this.references.push({ kind, code, path: keyPath.join('.') });
    return codes;
  }

  /** A configuration per channel code: each key an existing channel, each value read by `entry`. */
  perChannel(value: unknown, entry: (value: unknown, path: Path) => Configuration | undefined): Configuration | undefined {
    const keyed = this.object(value, [], null);
    if (keyed === undefined) return undefined;
    const result: Configuration = {};
    for (const [channel, settings] of Object.entries(keyed)) {
      this.references.push({ kind: 'channel', code: channel, path: channel });
      const read = entry(settings, [channel]);
      if (read !== undefined) result[channel] = read;
    }
    return result;
  }

  /** An object of exactly these required fields, each read by its reader. */
  fields(value: unknown, path: Path, readers: Record<string, (owner: Configuration, key: string, path: Path) => unknown>): Configuration | undefined {
    const owner = this.object(value, path, Object.keys(readers));
    if (owner === undefined) return undefined;
    const result: Configuration = {};
    for (const [key, read] of Object.entries(readers)) result[key] = read(owner, key, path);
    return result;
  }

  /**
   * The item filters of a unit discount, every block always present as the engine and the reference write
   * them: a price range without bounds is `[]`, taxon and product filters without codes hold empty lists.
   */
  filters(owner: Configuration, path: Path): Configuration {
    const filtersPath = [...path, 'filters'];
    const sent = this.present(owner.filters) ? this.object(owner.filters, filtersPath, ['price_range_filter', 'taxons_filter', 'products_filter']) ?? {} : {};
    const block = (key: string, keys: readonly string[]) =>
      this.present(sent[key]) ? this.object(sent[key], [...filtersPath, key], keys) ?? {} : {};
    const range = block('price_range_filter', ['min', 'max']);
    const rangePath = [...filtersPath, 'price_range_filter'];
    const bounds: Configuration = {};
    for (const bound of ['min', 'max']) {
      if (this.present(range[bound])) {
        const amount = this.amount(range, bound, rangePath);
        if (amount !== undefined) bounds[bound] = amount;
      }
    }
    const taxons = this.codes(block('taxons_filter', ['taxons']), 'taxons', [...filtersPath, 'taxons_filter'], 'taxon', false) ?? [];
    const products = this.codes(block('products_filter', ['products']), 'products', [...filtersPath, 'products_filter'], 'product', false) ?? [];
    return {
      price_range_filter: Object.keys(bounds).length === 0 ? [] : bounds,
      taxons_filter: { taxons },
      products_filter: { products },
    };
  }

  /** A unit discount of one channel: its amount or percentage and its filters. */
  unitDiscount(value: unknown, path: Path, key: 'amount' | 'percentage'): Configuration | undefined {
    const owner = this.object(value, path, [key, 'filters']);
    if (owner === undefined) return undefined;
    const discount = key === 'amount' ? this.amount(owner, key, path) : this.percentage(owner, key, path);
    return { [key]: discount, filters: this.filters(owner, path) };
  }
}

type ConfigurationRead = (reader: ConfigurationReader, value: unknown) => Configuration | undefined;

const amount = (r: ConfigurationReader) => r.amount.bind(r);

/** Rule types the order-processing engine checks, and how each one's configuration is sent and stored. */
const RULES: Record<string, ConfigurationRead> = {
  cart_quantity: (r, value) => r.fields(value, [], { count: r.count.bind(r) }),
  customer_group: (r, value) => r.fields(value, [], { group_code: (owner, key, path) => r.code(owner, key, path, 'customerGroup') }),
  nth_order: (r, value) => r.fields(value, [], { nth: r.count.bind(r) }),
  shipping_country: (r, value) => r.fields(value, [], { country: (owner, key, path) => r.code(owner, key, path, 'country') }),
  has_taxon: (r, value) => r.fields(value, [], { taxons: (owner, key, path) => r.codes(owner, key, path, 'taxon', true) }),
  total_of_items_from_taxon: (r, value) =>
    r.perChannel(value, (entry, path) => r.fields(entry, path, { taxon: (owner, key, p) => r.code(owner, key, p, 'taxon'), amount: amount(r) })),
  contains_product: (r, value) => r.fields(value, [], { product_code: (owner, key, path) => r.code(owner, key, path, 'product') }),
  item_total: (r, value) => r.perChannel(value, (entry, path) => r.fields(entry, path, { amount: amount(r) })),
};

/** Action types the order-processing engine applies, and how each one's configuration is sent and stored. */
const ACTIONS: Record<string, ConfigurationRead> = {
  order_fixed_discount: (r, value) => r.perChannel(value, (entry, path) => r.fields(entry, path, { amount: amount(r) })),
  unit_fixed_discount: (r, value) => r.perChannel(value, (entry, path) => r.unitDiscount(entry, path, 'amount')),
  order_percentage_discount: (r, value) => r.fields(value, [], { percentage: r.percentage.bind(r) }),
  unit_percentage_discount: (r, value) => r.perChannel(value, (entry, path) => r.unitDiscount(entry, path, 'percentage')),
  shipping_percentage_discount: (r, value) => r.fields(value, [], { percentage: r.percentage.bind(r) }),
};

export const RULE_TYPES = Object.keys(RULES);
export const ACTION_TYPES = Object.keys(ACTIONS);

export type SettingKind = 'rule' | 'action';

/** Reads a rule's or an action's configuration; null when the engine knows no such type. */
export function readConfiguration(kind: SettingKind, type: string, value: unknown): ReadConfiguration | null {
  const read = (kind === 'rule' ? RULES : ACTIONS)[type];
  if (read === undefined || !Object.hasOwn(kind === 'rule' ? RULES : ACTIONS, type)) return null;
  const reader = new ConfigurationReader();
  const configuration = read(reader, value ?? {}) ?? {};
  return { configuration, problems: reader.problems, references: reader.references };
}
