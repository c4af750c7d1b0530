import 'reflect-metadata';
import { Transform } from 'class-transformer';
import { IsNumber, IsOptional, IsString } from 'class-validator';
import { decimalInput, roundedTo } from './decimal-input';
import { Form } from './form-shape';
import { readKeyedForms } from './keyed-forms';
import { NotBlank } from './text-rules';
import { validateForm } from './validate-form';

@Form({ fields: ['name', 'note'] })
class EntryForm {
  @IsString({ message: 'bad name' })
  @NotBlank({ message: 'blank name' })
  name?: string | null;

  @IsString({ message: 'bad note' })
  @IsOptional()
  note?: string | null;
}

@Form({ fields: ['code', 'entries'], keyed: { entries: EntryForm } })
class MapForm {
  @IsString({ message: 'bad code' })
  @IsOptional()
  code?: string;

  @IsOptional()
  entries?: unknown;
}

@Form({ fields: ['amount'] })
class AmountForm {
  @IsNumber({}, { message: 'not a number' })
  @Transform(decimalInput)
  amount?: number;
}

const EXTRA = 'This form should not contain extra fields.';
const NOT_VALID = 'This value is not valid.';
const empty = { children: { name: {}, note: {} } };

describe('keyed maps of forms', () => {
  const read = (body: Record<string, unknown>, required: string[] = [], partial = false) => {
    const form = validateForm(MapForm, body);
    const entries = readKeyedForms<EntryForm>(form.errors, 'entries', body.entries, ['en', 'de'], partial ? { partial: true, validateNulls: true } : {}, required);
    return { entries, tree: form.errors.toJSON(), valid: form.errors.isValid };
  };

  it('lists one child per known key, each with the entry form\'s children, sent or not', () => {
    const { entries, tree, valid } = read({ entries: { de: { name: 'Name', note: null } } });
    expect(tree).toEqual({ children: { code: {}, entries: { children: { en: empty, de: empty } } } });
    expect(valid).toBe(true);
    expect([...entries!.keys()]).toEqual(['de']);
    expect(entries!.get('de')!.data).toEqual(expect.objectContaining({ name: 'Name', note: null }));
  });

  it('reports entry violations, unknown keys, entries that are no objects, and maps that are no maps', () => {
    expect(read({ entries: { en: {}, de: 'x', fr: {} } }).tree).toEqual({
      children: { code: {}, entries: { errors: [EXTRA], children: { en: { children: { name: { errors: ['blank name'] }, note: {} } }, de: { errors: [NOT_VALID], ...empty } } } },
    });
    const notMap = read({ entries: 'x' });
    expect([notMap.entries, notMap.tree, notMap.valid]).toEqual([null, { children: { code: {}, entries: { errors: [NOT_VALID] } } }, false]);
    expect(read({ entries: [] }).tree).toEqual({ children: { code: {}, entries: { children: { en: empty, de: empty } } } });
  });

  it('reads a required key left out or null as an empty entry; partial entries skip what is not sent', () => {
    expect(read({ entries: { de: null } }, ['en', 'de']).tree).toEqual({
      children: { code: {}, entries: { children: { en: { children: { name: { errors: ['blank name'] }, note: {} } }, de: { children: { name: { errors: ['blank name'] }, note: {} } } } } },
    });
    const partial = read({ entries: { en: { note: 'n' } } }, [], true);
    expect([partial.valid, partial.entries!.get('en')!.data.name]).toEqual([true, undefined]);
  });
});

describe('decimal input', () => {
  it('reads numbers and decimal texts with a point or a comma; leaves anything else for the type check', () => {
    const amount = (value: unknown) => validateForm(AmountForm, { amount: value }).data.amount;
    expect([amount(0.5), amount('0,25'), amount(' 12.5 '), amount('-3'), amount('1e3'), amount('x')]).toEqual([0.5, 0.25, 12.5, -3, '1e3', 'x']);
    expect([roundedTo(0.123456, 5), roundedTo(0.075, 5), roundedTo(10, 5)]).toEqual([0.12346, 0.075, 10]);
  });
});
