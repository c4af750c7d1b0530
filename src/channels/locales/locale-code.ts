/** A language, an optional script and an optional region, as ICU writes a locale: `en`, `en_US`, `sr_Latn_BA`, `es_419`. */
const LOCALE_CODE = /^([a-z]{2,3})(?:_([A-Z][a-z]{3}))?(?:_([A-Z]{2}|\d{3}))?$/;

const known = (type: 'language' | 'script' | 'region') => new Intl.DisplayNames(['en'], { type, fallback: 'none' });
const languages = known('language');
const scripts = known('script');
const regions = known('region');
/** ICU names these placeholders too; they are not a script or region of a locale. */
const UNKNOWN = new Set(['Zzzz', 'ZZ']);

const isKnown = (names: Intl.DisplayNames, code: string | undefined): boolean => code === undefined || (!UNKNOWN.has(code) && names.of(code) !== undefined);

/**
 * Whether `code` is a locale code: its language, script and region are each one ICU (the runtime's
 * Unicode data) knows. Any such combination is accepted, also one ICU has no data of its own for.
 */
export function isLocaleCode(code: string): boolean {
  const match = LOCALE_CODE.exec(code);
  if (match === null) return false;
  const [, language, script, region] = match;
  return isKnown(languages, language) && isKnown(scripts, script) && isKnown(regions, region);
}
