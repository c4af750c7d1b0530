import { isCurrencyCode } from '../currencies/currency-code';
import { isLocaleCode } from './locale-code';

describe('locale and currency codes', () => {
  it.each(['en', 'en_US', 'de_CH', 'sr_Latn_BA', 'es_419', 'zh_Hans_CN', 'fil_PH'])('takes the locale %s', (code) => {
    expect(isLocaleCode(code)).toBe(true);
  });

  it.each(['', 'xx', 'xx_US', 'en_XX', 'en_ZZ', 'en_Zzzz', 'und', 'en-US', 'en_us', 'EN_US', 'en_US_POSIX', ' en'])('refuses the locale %j', (code) => {
    expect(isLocaleCode(code)).toBe(false);
  });

  it('takes the ISO 4217 currencies in use, in upper case only', () => {
    expect(['USD', 'EUR', 'GBP', 'JPY', 'CHF'].map(isCurrencyCode)).toEqual([true, true, true, true, true]);
    expect(['usd', 'XYZ', 'US', 'USDT', 'DEM'].map(isCurrencyCode)).toEqual([false, false, false, false, false]);
  });
});
