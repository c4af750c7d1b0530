/** Validation messages of the product variant form. */
export const CODE_BLANK = 'Please enter the code.';
export const CODE_INVALID = 'Product variant code can only be comprised of letters, numbers, dashes and underscores.';
export const codeTooLong = (limit: number) => `Product variant code must not be longer than ${limit} characters.`;
export const CODE_TAKEN = 'Product variant code must be unique.';
export const OPTION_SET_TAKEN = 'Variant with this option set already exists.';
export const ON_HAND_BLANK = 'Please enter on hand.';
export const ON_HAND_NEGATIVE = 'On hand must be greater than or equal to 0.';
export const ON_HAND_BELOW_ON_HOLD = 'On hand must be greater than the number of on hold units';
export const PRICE_BLANK = 'Please enter the price.';
export const PRICE_TOO_LOW = 'Price must be at least 0.01.';
/** A channel of the product left without a price for the variant (a root error of the form). */
export const PRICE_FOR_EVERY_CHANNEL = 'You must define price for every channel.';
export const WIDTH_NEGATIVE = 'Width cannot be negative.';
export const HEIGHT_NEGATIVE = 'Height cannot be negative.';
export const DEPTH_NEGATIVE = 'Depth cannot be negative.';
export const WEIGHT_NEGATIVE = 'Weight cannot be negative.';
/** A stale `version`: someone changed the variant since the client read it. */
export const VERSION_STALE = 'Operated entity was previously modified.';
/** A number larger than its column holds. */
export const atMost = (limit: string | number) => `This value should be less than or equal to ${limit}.`;
