import 'reflect-metadata';
import { IsBoolean, IsInt, IsNotEmpty, IsOptional, IsString, Min, ValidateNested } from 'class-validator';
import { Type } from 'class-transformer';
import { ApiError } from '../errors/api-error';
import { Form } from './form-shape';
import { validateForm } from './validate-form';

@Form({ fields: ['plainPassword', 'enabled'] })
class AccountDto {
  @IsOptional()
  @IsString({ message: 'bad password' })
  plainPassword?: string;

  @IsOptional()
  @IsBoolean({ message: 'bad enabled' })
  enabled?: boolean;
}

@Form({ fields: ['name', 'quantity', 'account'], aliases: { qty: 'quantity' }, subForms: { account: AccountDto } })
class ExampleDto {
  @IsString({ message: 'invalid name' })
  @IsNotEmpty({ message: 'blank name' })
  name!: string;

  @Min(1, { message: 'too small' })
  @IsInt({ message: 'not an integer' })
  quantity!: number;

  @IsOptional()
  @ValidateNested()
  @Type(() => AccountDto)
  account?: AccountDto;
}

describe('validateForm', () => {
  it.each([
    [{}, { children: { name: { errors: ['blank name'] }, quantity: { errors: ['not an integer'] } } }],
    [{ name: 'x', quantity: 2 }, { children: { name: {}, quantity: {} } }],
    [{ name: 5, quantity: 'two' }, { children: { name: { errors: ['invalid name'] }, quantity: { errors: ['not an integer'] } } }],
    [{ name: 'x', quantity: 0 }, { children: { name: {}, quantity: { errors: ['too small'] } } }],
    [{ name: 'x', quantity: 1, extra: true }, { errors: ['This form should not contain extra fields.'], children: { name: {}, quantity: {} } }],
    [
      { name: 'x', quantity: 1, account: { enabled: 'yes', roles: [] } },
      {
        children: {
          name: {},
          quantity: {},
          account: { errors: ['This form should not contain extra fields.'], children: { plainPassword: {}, enabled: { errors: ['bad enabled'] } } },
        },
      },
    ],
  ])('reports %j as %j, children in form order', (body, expected) => {
    const { errors } = validateForm(ExampleDto, body);
    expect(JSON.stringify(errors.toJSON())).toBe(JSON.stringify(expected));
  });

  it('maps aliases onto their field and records what was sent', () => {
    const submitted = validateForm(ExampleDto, { name: 'x', qty: 'a' });
    expect(submitted.sent).toEqual(new Set(['name', 'qty']));
  });

  it('skips absent fields for partial (PATCH) submissions', () => {
    expect(validateForm(ExampleDto, {}, { partial: true }).errors.isValid).toBe(true);
  });

  it.each([[[1]], ['text'], [42]])('rejects a body that is not an object (%j) as invalid JSON', (body) => {
    expect(() => validateForm(ExampleDto, body)).toThrow(ApiError);
  });
});
