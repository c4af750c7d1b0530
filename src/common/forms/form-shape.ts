import 'reflect-metadata';

type FormClass = abstract new () => unknown;

/** The children of a form, in the order they are reported, and how request keys map onto them. */
export interface FormShape {
  fields: readonly string[];
  /** Request keys accepted in addition to the fields, mapped to the field that reports their errors. */
  aliases: Readonly<Record<string, string>>;
  /** Fields that are nested forms, reported with their own children when present. */
  subForms: Readonly<Record<string, FormShape>>;
  /** Sub-forms that are always part of the form: an absent or null value is read as an empty form. */
  requiredSubForms: readonly string[];
  /** Fields that are lists of nested forms (sent as an array or an object keyed by index), with the entries' form. */
  lists: Readonly<Record<string, { form: new () => object; shape: FormShape }>>;
  /** Fields that are children only once the service includes them, because they depend on other answers. */
  dependentFields: readonly string[];
  /**
   * Fields that are maps of nested forms keyed by codes only the database knows (translations by locale),
   * with the entries' form; the service reads them (keyed-forms.ts).
   */
  keyed?: Readonly<Record<string, { form: new () => object; shape: FormShape }>>;
  /** Rewrites the body before it is read (e.g. a field that copies another one). */
  prepare?: (body: Record<string, unknown>) => Record<string, unknown>;
}

const FORM_SHAPE = Symbol('form-shape');

export interface FormOptions {
  fields: readonly string[];
  aliases?: Record<string, string>;
  subForms?: Record<string, FormClass>;
  requiredSubForms?: readonly string[];
  lists?: Record<string, new () => object>;
  dependentFields?: readonly string[];
  keyed?: Record<string, new () => object>;
  prepare?: (body: Record<string, unknown>) => Record<string, unknown>;
}

/** Declares, once, a DTO's form children in order; the validation pipe and the 400 body read it. */
export function Form(options: FormOptions): ClassDecorator {
  return (target) => {
    const subForms: Record<string, FormShape> = {};
    for (const [field, dto] of Object.entries(options.subForms ?? {})) subForms[field] = formShapeOf(dto);
    const lists: Record<string, { form: new () => object; shape: FormShape }> = {};
    for (const [field, dto] of Object.entries(options.lists ?? {})) lists[field] = { form: dto, shape: formShapeOf(dto) };
    const keyed: Record<string, { form: new () => object; shape: FormShape }> = {};
    for (const [field, dto] of Object.entries(options.keyed ?? {})) keyed[field] = { form: dto, shape: formShapeOf(dto) };
    const shape: FormShape = {
      fields: options.fields,
      aliases: options.aliases ?? {},
      subForms,
      requiredSubForms: options.requiredSubForms ?? [],
      lists,
      dependentFields: options.dependentFields ?? [],
      ...(options.keyed !== undefined && { keyed }),
      ...(options.prepare !== undefined && { prepare: options.prepare }),
    };
    Reflect.defineMetadata(FORM_SHAPE, shape, target);
  };
}

export function formShapeOf(dto: FormClass): FormShape {
  const shape = Reflect.getMetadata(FORM_SHAPE, dto) as FormShape | undefined;
  if (!shape) throw new Error(`${dto.name} has no @Form() declaration`);
  return shape;
}
