import { FormErrors } from '../../common/forms/form-errors';
import { FormValidationException } from '../../common/forms/form-validation.exception';
import type { KeyedFormErrors } from '../forms/keyed-form-errors';

type Path = ReadonlyArray<string | number>;

/** A translations map's violations and where its node sits in the form tree. */
export interface TranslationTree {
  path: Path;
  errors: KeyedFormErrors;
}

/** Puts `tree` at `path` (fields and list indexes) of a rendered form tree. */
function place(json: Record<string, unknown>, path: Path, tree: unknown): void {
  let nodeAt: Record<string, unknown> = json;
  for (const [index, segment] of path.entries()) {
    const children = nodeAt.children as Record<string | number, unknown> | undefined;
    if (children === undefined) return;
    if (index === path.length - 1) children[segment] = tree;
    else nodeAt = children[segment] as Record<string, unknown>;
    if (nodeAt === undefined) return;
  }
}

/**
 * A form's violations with the trees of its translations maps put in place: the maps list every locale
 * of the shop, which a static form declaration cannot, so they are collected apart and joined here.
 */
class FormErrorsWithTranslations extends FormErrors {
  constructor(
    private readonly form: FormErrors,
    private readonly translations: readonly TranslationTree[],
  ) {
    super(form.shape);
  }

  override get isValid(): boolean {
    return this.form.isValid && this.translations.every((entry) => entry.errors.isValid);
  }

  override toJSON(): Record<string, unknown> {
    const json = this.form.toJSON();
    for (const entry of this.translations) place(json, entry.path, entry.errors.toJSON());
    return json;
  }
}

/** Throws the 400 of a form whose translations maps (at their paths) are reported with it, when anything is invalid. */
export function throwIfInvalidWithTranslations(form: FormErrors, translations: readonly TranslationTree[]): void {
  const errors = new FormErrorsWithTranslations(form, translations);
  if (!errors.isValid) throw new FormValidationException(errors);
}

/**
 * Runs a write whose form has translations maps: a 400 of the plain form raised inside it (a unique
 * value another request stored first, found at the flush) is answered with the maps' trees as well.
 */
export async function withTranslationTrees<T>(form: FormErrors, trees: () => readonly TranslationTree[], write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof FormValidationException && error.errors === form) throwIfInvalidWithTranslations(form, trees());
    throw error;
  }
}
