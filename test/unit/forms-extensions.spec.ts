import 'reflect-metadata';
import { Type } from 'class-transformer';
import { IsNotEmpty, IsObject, IsOptional, IsString, ValidateNested } from 'class-validator';
import { Form } from '../../src/common/forms/form-shape';
import { validateForm } from '../../src/common/forms/validate-form';

@Form({ fields: ['password'] })
class NestedDto {
  @IsString({ message: 'bad password' })
  @IsOptional()
  password?: string;
}

@Form({ fields: ['name', 'note', 'nested'], subForms: { nested: NestedDto } })
class PatchDto {
  @IsNotEmpty({ message: 'blank name' })
  name?: string | null;

  @IsString({ message: 'bad note' })
  @IsOptional()
  note?: string | null;

  @ValidateNested()
  @IsObject({ message: 'not an object' })
  @IsOptional()
  @Type(() => NestedDto)
  nested?: NestedDto;
}

describe('validateForm extensions', () => {
  it('partial + validateNulls skips absent fields only; plain partial skips nulls too (unchanged)', () => {
    expect(validateForm(PatchDto, {}, { partial: true, validateNulls: true }).errors.isValid).toBe(true);
    expect(validateForm(PatchDto, { name: null, note: null }, { partial: true, validateNulls: true }).errors.toJSON()).toEqual({
      children: { name: { errors: ['blank name'] }, note: {} },
    });
    expect(validateForm(PatchDto, { name: null }, { partial: true }).errors.isValid).toBe(true);
  });

  it("reports a sub-form's own violation (a value that is no object) in the sub-form's errors", () => {
    const { errors } = validateForm(PatchDto, { name: 'x', nested: 'text' });
    expect(errors.isValid).toBe(false);
    expect(errors.toJSON()).toEqual({ children: { name: {}, note: {}, nested: { errors: ['not an object'], children: { password: {} } } } });
  });
});
