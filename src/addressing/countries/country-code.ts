const regions = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
/** Two-letter region codes the ICU data names that are not countries. */
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'UK', 'ZZ']);

/** Whether the text is an ISO 3166 alpha-2 country code (upper case), as the ICU data knows them. */
export function isCountryCode(code: string): boolean {
  return /^[A-Z]{2}$/.test(code) && !NOT_COUNTRIES.has(code) && regions.of(code) !== code;
}
