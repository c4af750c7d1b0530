import type { EntityManager } from '@mikro-orm/postgresql';
import { Channel } from '../channels/entities/channel.entity';
import type { FormErrors } from '../common/forms/form-errors';
import { NOT_BLANK, NOT_VALID } from '../common/forms/messages';
import type { UpdateMode } from '../common/forms/submitted-changes';
import type { SubmittedForm } from '../common/forms/validate-form';
import type { Promotion } from './entities/promotion.entity';
import { parseDate, parseTime } from './forms/calendar';
import { readConfiguration, type ConfigurationReference, type ReferenceKind, type SettingKind } from './forms/promotion-configuration';
import { END_BEFORE_START } from './forms/promotion-messages';
import type { DateTimeForm, PromotionForm } from './forms/promotion.form';

/** A rule or an action as it is stored: the engine's type and configuration. */
export interface CheckedSetting {
  type: string;
  configuration: Record<string, unknown>;
}

/** What a valid form sets on a promotion; a field left out is not changed (PATCH). */
export interface PromotionChanges {
  name?: string;
  description?: string | null;
  exclusive?: boolean;
  usageLimit?: number | null;
  startsAt?: Date | null;
  endsAt?: Date | null;
  priority?: number;
  couponBased?: boolean;
  rules?: CheckedSetting[];
  actions?: CheckedSetting[];
  channels?: Channel[];
}

/** Tables the codes of each reference kind live in; fixed names, never from a request. */
const REFERENCE_TABLES: Record<ReferenceKind, string> = {
  channel: 'channel',
  taxon: 'taxon',
  product: 'product',
  customerGroup: 'customer_group',
  country: 'country',
};

interface PendingReference {
  reference: ConfigurationReference;
  report: (message: string) => void;
}

/**
 * The codes of `kind` that exist among `codes`, locked FOR KEY SHARE in id order: a delete that checks
 * promotions for a code (a taxon's) waits for this write, and then sees the code in its configuration.
 */
async function existingCodes(tx: EntityManager, kind: ReferenceKind, codes: readonly string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await tx.execute<Array<{ code: string }>>(
    `select code from ${REFERENCE_TABLES[kind]} where code in (select value from json_array_elements_text(?::json)) order by id for key share`,
    [JSON.stringify([...new Set(codes)])],
  );
  return new Set(rows.map((row) => row.code));
}

/** Reports every reference whose code does not exist, one lookup per kind. */
async function checkReferences(tx: EntityManager, pending: readonly PendingReference[]): Promise<void> {
  const kinds = [...new Set(pending.map((item) => item.reference.kind))];
  for (const kind of kinds) {
    const ofKind = pending.filter((item) => item.reference.kind === kind);
    const found = await existingCodes(tx, kind, ofKind.map((item) => item.reference.code));
    for (const item of ofKind) if (!found.has(item.reference.code)) item.report(`${item.reference.path}: ${NOT_VALID}`);
  }
}

/** Reads the rules or actions sent, in the order sent: each type must be one the engine knows, with a valid configuration. */
function readSettings(errors: FormErrors, field: 'rules' | 'actions', entries: ReadonlyMap<number, { type?: string | null; configuration?: unknown }>, pending: PendingReference[]): CheckedSetting[] {
  const kind: SettingKind = field === 'rules' ? 'rule' : 'action';
  const list = errors.list(field);
  list.expectEntries(list.sentLength);
  const settings: CheckedSetting[] = [];
  for (const [index, entry] of [...entries.entries()].sort(([a], [b]) => a - b)) {
    const entryErrors = list.entry(index);
    if (entryErrors.has('type')) continue;
    if (typeof entry.type !== 'string' || entry.type === '') {
      entryErrors.add('type', NOT_BLANK);
      continue;
    }
    const read = readConfiguration(kind, entry.type, entry.configuration);
    if (read === null) {
      entryErrors.add('type', NOT_VALID);
      continue;
    }
    for (const problem of read.problems) entryErrors.add('configuration', problem);
    for (const reference of read.references) pending.push({ reference, report: (message) => entryErrors.add('configuration', message) });
    settings.push({ type: entry.type, configuration: read.configuration });
  }
  return settings;
}

/** A moment sent as date and time (a date alone is midnight); null when neither is given. */
function readMoment(errors: FormErrors, form: DateTimeForm | undefined): Date | null | undefined {
  if (form === undefined || !errors.isValid) return undefined;
  const date = parseDate(form.date);
  const time = form.time == null ? 0 : parseTime(form.time);
  if (date === null && form.time == null) return null;
  if (date === null) {
    errors.add('date', NOT_BLANK);
    return undefined;
  }
  return new Date(date.getTime() + (time ?? 0));
}

/** The channels named, in the order sent; an unknown code is the field's violation. */
async function readChannels(tx: EntityManager, errors: FormErrors, codes: readonly string[]): Promise<Channel[]> {
  if (errors.has('channels')) return [];
  const channels = codes.length === 0 ? [] : await tx.find(Channel, { code: { $in: [...new Set(codes)] } });
  const byCode = new Map(channels.map((channel) => [channel.code, channel]));
  if (codes.some((code) => !byCode.has(code))) {
    errors.add('channels', NOT_VALID);
    return [];
  }
  return [...new Set(codes)].map((code) => byCode.get(code)!);
}

/**
 * Checks a promotion form into its errors (references looked up in `tx`) and returns what it sets: PUT and
 * POST (`replace`) every field, a left-out one to its cleared value; PATCH (`merge`) the fields sent. The
 * end must not be before the start, as the promotion will hold them (a PATCH of one against the other kept).
 */
export async function checkPromotionForm(tx: EntityManager, form: SubmittedForm<PromotionForm>, mode: UpdateMode, current: Promotion | null): Promise<PromotionChanges> {
  const { data, errors, sent } = form;
  const given = (field: keyof PromotionForm) => mode === 'replace' || sent.has(field);
  const changes: PromotionChanges = {};
  if (given('name') && typeof data.name === 'string') changes.name = data.name;
  if (given('description')) changes.description = data.description ?? null;
  if (given('exclusive')) changes.exclusive = data.exclusive === true;
  if (given('usageLimit')) changes.usageLimit = data.usageLimit ?? null;
  if (given('priority')) changes.priority = data.priority ?? 0;
  if (given('couponBased')) changes.couponBased = data.couponBased === true;
  const pending: PendingReference[] = [];
  if (given('rules')) changes.rules = readSettings(errors, 'rules', data.rules, pending);
  if (given('actions')) changes.actions = readSettings(errors, 'actions', data.actions, pending);
  await checkReferences(tx, pending);
  if (given('channels')) changes.channels = await readChannels(tx, errors, data.channels ?? []);
  for (const field of ['startsAt', 'endsAt'] as const) {
    if (!given(field)) continue;
    const moment = readMoment(errors.subForm(field), data[field]);
    if (moment !== undefined) changes[field] = moment;
  }
  const startsAt = changes.startsAt !== undefined ? changes.startsAt : given('startsAt') ? undefined : (current?.startsAt ?? null);
  const endsAt = changes.endsAt !== undefined ? changes.endsAt : given('endsAt') ? undefined : (current?.endsAt ?? null);
  if (startsAt != null && endsAt != null && endsAt.getTime() < startsAt.getTime()) errors.subForm('endsAt').addRoot(END_BEFORE_START);
  return changes;
}
