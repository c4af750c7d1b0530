const CHECKED = new Set<unknown>([true, 1, '1', 'true', 'on', 'yes']);
const UNCHECKED = new Set<unknown>([false, 0, '0', 'false', 'off', 'no', '', null]);

/** A checkbox: booleans and their usual spellings; `null` means unchecked. Anything else stays as sent. */
export const checkbox = ({ value }: { value: unknown }): unknown => {
  if (CHECKED.has(value)) return true;
  if (UNCHECKED.has(value)) return false;
  return value;
};
