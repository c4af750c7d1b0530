/** Validation messages of the exchange rate form. */
export const RATIO_BLANK = 'Please enter exchange rate ratio.';
export const RATIO_NOT_POSITIVE = 'The ratio must be greater than 0.';
export const RATIO_NOT_A_NUMBER = 'The ratio must be a number.';
export const SAME_CURRENCIES = 'The source and target currencies must differ.';
export const PAIR_TAKEN = 'The currency pair must be unique.';
