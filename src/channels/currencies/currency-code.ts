/** The ISO 4217 codes of the currencies in use today, as the runtime's Unicode data (ICU) lists them. */
const CURRENCY_CODES: ReadonlySet<string> = new Set(Intl.supportedValuesOf('currency'));

export const isCurrencyCode = (code: string): boolean => CURRENCY_CODES.has(code);
