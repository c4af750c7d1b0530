/** Validation messages of the coupon form and of the coupon generator. */
export const CODE_BLANK = 'Please enter coupon code.';
export const CODE_TOO_SHORT = 'Coupon code must be at least 2 characters long.';
export const codeTooLong = (limit: number) => `Coupon code must not be longer than ${limit} characters.`;
export const CODE_INVALID = 'Coupon code can only be comprised of letters, numbers, dashes and underscores.';
export const CODE_TAKEN = 'This coupon already exists.';
export const USAGE_LIMIT_TOO_LOW = 'Coupon usage limit must be at least 1.';
export const USAGE_LIMIT_TOO_HIGH = 'Coupon usage limit must be at most 2147483647.';
export const PER_CUSTOMER_LIMIT_TOO_LOW = 'Coupon usage limit per customer must be at least 1.';
export const PER_CUSTOMER_LIMIT_TOO_HIGH = 'Coupon usage limit per customer must be at most 2147483647.';

export const AMOUNT_BLANK = 'Please enter amount of coupons to generate.';
export const AMOUNT_TOO_LOW = 'Amount of coupons to generate must be at least 1.';
export const GENERATE_MAX = 1000;
export const AMOUNT_TOO_HIGH = `At most ${GENERATE_MAX} coupons can be generated at once.`;
export const CODE_LENGTH_BLANK = 'Please enter coupon code length.';
export const CODE_LENGTH_TOO_LOW = 'Coupon code must be at least 1 character long.';
export const CODE_LENGTH_MAX = 40;
export const CODE_LENGTH_TOO_HIGH = `Coupon code must not be longer than ${CODE_LENGTH_MAX} characters.`;
export const AFFIX_INVALID = 'Coupon code can only be comprised of letters, numbers, dashes and underscores.';
/** A prefix or suffix leaves room for at least one random character in a code of 255. */
export const AFFIX_MAX = 254;
export const GENERATED_CODE_TOO_LONG = 'Coupon code must not be longer than 255 characters.';
export const cannotGenerate = (amount: number, codeLength: number) =>
  `Invalid coupon code length or coupons amount. It is not possible to generate ${amount} unique coupons with code length equal ${codeLength}.`;

/** Coupons of a promotion that is not coupon-based cannot be created (409). */
export const notCouponBased = (name: string) => `Promotion with name ${name} is not coupon based.`;
