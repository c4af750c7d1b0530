import 'reflect-metadata';
import { IsOptional, IsString } from 'class-validator';
import { Form } from './form-shape';
import { submittedChanges } from './submitted-changes';
import { NotBlank } from './text-rules';
import { validateForm } from './validate-form';

@Form({ fields: ['name', 'note', 'code'] })
class CodedForm {
  @IsString({ message: 'bad name' })
  @NotBlank({ message: 'blank name' })
  name?: string | null;

  @IsString({ message: 'bad note' })
  @IsOptional()
  note?: string | null;

  @IsString({ message: 'bad code' })
  @NotBlank({ message: 'blank code' })
  code?: string | null;
}

const EXTRA = 'This form should not contain extra fields.';

describe('disabled form fields', () => {
  it('keeps a disabled field a child of the form, but neither reads nor validates it', () => {
    const sent = validateForm(CodedForm, { name: 'A', code: 42 }, { disabled: ['code'] });
    expect(sent.errors.toJSON()).toEqual({ children: { name: {}, note: {}, code: {} } });
    expect(sent.data.code).toBeUndefined();
    expect(validateForm(CodedForm, {}, { disabled: ['code'] }).errors.toJSON()).toEqual({ children: { name: { errors: ['blank name'] }, note: {}, code: {} } });
    expect(validateForm(CodedForm, { name: 'A', other: 1 }, { disabled: ['code'] }).errors.toJSON()).toEqual({ errors: [EXTRA], children: { name: {}, note: {}, code: {} } });
  });

  it('validates it when it is not disabled', () => {
    expect(validateForm(CodedForm, { name: 'A', code: 42 }).errors.toJSON()).toEqual({ children: { name: {}, note: {}, code: { errors: ['bad code'] } } });
  });
});

describe('submittedChanges', () => {
  const cleared = { name: null, note: null };

  it('sets every listed field on PUT, a left-out one to its cleared value', () => {
    expect(submittedChanges<CodedForm, 'name' | 'note'>({ name: 'A' }, cleared, 'replace')).toEqual({ name: 'A', note: null });
  });

  it('sets only the fields sent on PATCH, null included', () => {
    expect(submittedChanges<CodedForm, 'name' | 'note'>({ note: null }, cleared, 'merge')).toEqual({ note: null });
    expect(submittedChanges<CodedForm, 'name' | 'note'>({}, cleared, 'merge')).toEqual({});
  });
});
