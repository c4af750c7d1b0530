import { randomUUID } from 'node:crypto';
import type { FormErrors } from '../../common/forms/form-errors';
import { NOT_VALID } from '../../common/forms/messages';
import type { UpdateMode } from '../../common/forms/submitted-changes';
import { isPlainObject } from '../../common/forms/validate-form';
import type { AttributeType } from './attribute-types';
import { CHOICE_LABEL_BLANK, choiceLabelTooLong, MAX_BELOW_MIN } from './product-attribute-messages';
import type { ProductAttributeConfigurationForm } from './product-attribute.form';

/** A choice of a select attribute: its key (a UUID) and its labels as (locale code, label) pairs. */
interface StoredChoice {
  key: string;
  labels: Array<[string, string]>;
}

/**
 * A stored configuration: only the settings given (`{}` for none). Choices are kept as a list, so their
 * order, and their labels', survive the database (a JSON object's keys do not keep theirs).
 */
export interface Configuration {
  choices?: StoredChoice[];
  multiple?: boolean;
  min?: number;
  max?: number;
}

/** Choice labels are shown as a product's values; they are kept to what a name column holds. */
const LABEL_LIMIT = 255;

/** The settings each type takes, in the order the 400 tree and the answers list them. */
const SETTINGS: Record<AttributeType, ReadonlyArray<keyof Configuration>> = {
  text: ['min', 'max'],
  textarea: ['min', 'max'],
  select: ['choices', 'multiple', 'min', 'max'],
  checkbox: [],
  integer: [],
  percent: [],
  datetime: [],
  date: [],
};

const isEmpty = (value: unknown): boolean => value === undefined || value === null || (Array.isArray(value) && value.length === 0);

/** The choices as sent: a key the attribute has already keeps its choice, every other choice gets a new UUID key. */
function readChoices(errors: FormErrors, value: unknown, existing: readonly StoredChoice[], locales: readonly string[]): StoredChoice[] | null {
  if (!Array.isArray(value) && !isPlainObject(value)) {
    errors.add('choices', NOT_VALID);
    return null;
  }
  const entries: Array<[string | null, unknown]> = Array.isArray(value) ? value.map((choice) => [null, choice]) : Object.entries(value);
  const choices: StoredChoice[] = [];
  for (const [key, choice] of entries) {
    if (!isPlainObject(choice) || Object.keys(choice).some((locale) => !locales.includes(locale))) {
      errors.add('choices', NOT_VALID);
      continue;
    }
    if (Object.keys(choice).length === 0) errors.add('choices', CHOICE_LABEL_BLANK);
    const labels: Array<[string, string]> = [];
    // Labels in the order of the shop's locales.
    for (const locale of locales) {
      if (!Object.prototype.hasOwnProperty.call(choice, locale)) continue;
      const label = choice[locale];
      if (typeof label !== 'string') errors.add('choices', NOT_VALID);
      else if (label.trim() === '') errors.add('choices', CHOICE_LABEL_BLANK);
      else if ([...label.trim()].length > LABEL_LIMIT) errors.add('choices', choiceLabelTooLong(LABEL_LIMIT));
      else labels.push([locale, label.trim()]);
    }
    const kept = key !== null && existing.some((known) => known.key === key);
    choices.push({ key: kept ? key : randomUUID(), labels });
  }
  return errors.has('choices') ? null : choices;
}

/**
 * Reads `configuration` (as the form validated it) for an attribute of `type`: its node in `errors` lists
 * the type's settings, and a setting of another type is an extra field. POST and PUT set every setting
 * (left out: none), PATCH only those sent. Returns the configuration to store, or null when it is invalid.
 */
export function readConfiguration(
  errors: FormErrors,
  type: AttributeType,
  value: ProductAttributeConfigurationForm | null | undefined,
  existing: Configuration,
  locales: readonly string[],
  mode: UpdateMode,
): Configuration | null {
  const settings = SETTINGS[type];
  const nested = errors.subForm('configuration');
  for (const setting of settings) nested.include(setting);
  // Anything else than an object was refused by the form.
  if (value != null && !isPlainObject(value)) return null;
  const data: Partial<ProductAttributeConfigurationForm> = value ?? {};

  const sent = (setting: keyof Configuration) => mode !== 'merge' || data[setting] !== undefined;
  const configuration: Configuration = {};
  for (const setting of settings) {
    if (!sent(setting)) {
      if (existing[setting] !== undefined) Object.assign(configuration, { [setting]: existing[setting] });
      continue;
    }
    if (nested.has(setting)) continue;
    if (setting === 'choices') {
      const choices = isEmpty(data.choices) ? [] : readChoices(nested, data.choices, existing.choices ?? [], locales);
      if (choices !== null) configuration.choices = choices;
    } else if (setting === 'multiple') {
      configuration.multiple = data.multiple ?? false;
    } else if (data[setting] != null) {
      configuration[setting] = data[setting];
    }
  }
  const { min, max } = configuration;
  if (min !== undefined && max !== undefined && max < min && !nested.has('min') && !nested.has('max')) nested.add('max', MAX_BELOW_MIN);
  return nested.isValid ? configuration : null;
}

/** The configuration as the API shows it: settings in their order, choices keyed by their UUID; `[]` for none. */
export function shownConfiguration(configuration: Configuration): Record<string, unknown> | [] {
  const shown: Record<string, unknown> = {};
  if (configuration.choices !== undefined) {
    shown.choices = configuration.choices.length === 0 ? [] : Object.fromEntries(configuration.choices.map((choice) => [choice.key, Object.fromEntries(choice.labels)]));
  }
  if (configuration.multiple !== undefined) shown.multiple = configuration.multiple;
  if (configuration.min !== undefined) shown.min = configuration.min;
  if (configuration.max !== undefined) shown.max = configuration.max;
  return Object.keys(shown).length === 0 ? [] : shown;
}
