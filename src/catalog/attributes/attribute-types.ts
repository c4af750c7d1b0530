/** The attribute types a product attribute can be created with, and how each stores its values. */
export const ATTRIBUTE_STORAGE = {
  text: 'text',
  textarea: 'text',
  checkbox: 'boolean',
  integer: 'integer',
  percent: 'float',
  datetime: 'datetime',
  date: 'date',
  select: 'json',
} as const;

export type AttributeType = keyof typeof ATTRIBUTE_STORAGE;

export const ATTRIBUTE_TYPES = Object.keys(ATTRIBUTE_STORAGE) as AttributeType[];

export const isAttributeType = (type: string): type is AttributeType => Object.prototype.hasOwnProperty.call(ATTRIBUTE_STORAGE, type);
