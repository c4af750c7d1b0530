import 'reflect-metadata';

/** The children of a form, in the order they are reported, and how request keys map onto them. */
export interface FormShape {
  fields: readonly string[];
  /** Request keys accepted in addition to the fields, mapped to the field that reports their errors. */
  aliases: Readonly<Record<string, string>>;
  /** Fields that are nested forms, reported with their own children when present. */
  subForms: Readonly<Record<string, FormShape>>;
}

const FORM_SHAPE = Symbol('form-shape');

export interface FormOptions {
  fields: readonly string[];
  aliases?: Record<string, string>;
  subForms?: Record<string, abstract new () => unknown>;
}

/** Declares, once, a DTO's form children in order; the validation pipe and the 400 body read it. */
export function Form(options: FormOptions): ClassDecorator {
  return (target) => {
    const subForms: Record<string, FormShape> = {};
    for (const [field, dto] of Object.entries(options.subForms ?? {})) subForms[field] = formShapeOf(dto);
    const shape: FormShape = { fields: options.fields, aliases: options.aliases ?? {}, subForms };
    Reflect.defineMetadata(FORM_SHAPE, shape, target);
  };
}

export function formShapeOf(dto: abstract new () => unknown): FormShape {
  const shape = Reflect.getMetadata(FORM_SHAPE, dto) as FormShape | undefined;
  if (!shape) throw new Error(`${dto.name} has no @Form() declaration`);
  return shape;
}
