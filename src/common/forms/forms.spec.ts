import 'reflect-metadata';
import { IsBoolean, IsInt, IsNotEmpty, IsOptional, IsString, Min, ValidateNested } from 'class-validator';
import { Type } from 'class-transformer';
import { ApiError } from '../errors/api-error';
import { Form } from './form-shape';
import { IsPlainObject } from './is-plain-object';
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

@Form({ fields: ['street', 'region', 'regionName'], dependentFields: ['region', 'regionName'] })
class PlaceDto {
  @IsString({ message: 'bad street' })
  street!: string;

  @IsOptional()
  @IsString({ message: 'bad region' })
  region?: string;

  @IsOptional()
  @IsString({ message: 'bad region name' })
  regionName?: string;
}

@Form({
  fields: ['home', 'work', 'same'],
  subForms: { home: PlaceDto, work: PlaceDto },
  requiredSubForms: ['home', 'work'],
  prepare: (body) => (body.same === true ? { ...body, work: body.home } : body),
})
class PlacesDto {
  @ValidateNested()
  @IsPlainObject({ message: 'not a place' })
  @Type(() => PlaceDto)
  home!: PlaceDto;

  @ValidateNested()
  @IsPlainObject({ message: 'not a place' })
  @Type(() => PlaceDto)
  work!: PlaceDto;

  @IsOptional()
  same?: boolean;
}

@Form({ fields: ['pick'] })
class PickDto {
  @IsOptional()
  @IsString({ message: 'bad pick' })
  pick?: string;
}

@Form({ fields: ['picks'], lists: { picks: PickDto } })
class PicksDto {
  picks!: ReadonlyMap<number, PickDto>;
}

const EXTRA = 'This form should not contain extra fields.';
const json = (value: unknown) => JSON.stringify(value);

describe('nested forms the service completes', () => {
  it('always reports a required sub-form, reading one left out (or null) as empty, and rewrites the body first', () => {
    expect(json(validateForm(PlacesDto, { work: null }).errors.toJSON())).toBe(
      json({ children: { home: { children: { street: { errors: ['bad street'] } } }, work: { children: { street: { errors: ['bad street'] } } }, same: {} } }),
    );
    const copied = validateForm(PlacesDto, { home: { street: 'x', extra: 1 }, work: 'ignored', same: true });
    expect(json(copied.errors.toJSON())).toBe(json({ children: { home: { errors: [EXTRA], children: { street: {} } }, work: { errors: [EXTRA], children: { street: {} } }, same: {} } }));
    expect(json(validateForm(PlacesDto, { home: 'x', work: [] }).errors.toJSON())).toBe(
      json({ children: { home: { errors: ['not a place'], children: { street: {} } }, work: { errors: ['not a place'], children: { street: {} } }, same: {} } }),
    );
  });

  it('makes a dependent field a child (and its key no longer extra) only once it is included', () => {
    const { errors } = validateForm(PlacesDto, { home: { street: 'x', region: 5 }, work: { street: 'y', regionName: 5 } });
    expect(json(errors.toJSON())).toBe(json({ children: { home: { errors: [EXTRA], children: { street: {} } }, work: { errors: [EXTRA], children: { street: {} } }, same: {} } }));
    errors.subForm('home').include('region');
    errors.subForm('work').include('region');
    expect(errors.subForm('work').hasFieldErrors).toBe(false);
    expect(json(errors.toJSON())).toBe(
      json({ children: { home: { children: { street: {}, region: { errors: ['bad region'] } } }, work: { errors: [EXTRA], children: { street: {}, region: {} } }, same: {} } }),
    );
    expect(errors.subForm('home').hasFieldErrors).toBe(true);
  });

  it('reads a list sent as an array or keyed by index, and reports as many entries as the service expects', () => {
    const sent = validateForm(PicksDto, { picks: { 0: { pick: 'a' }, 2: 7, 3: null, x: {} } });
    expect([...sent.data.picks.keys()]).toEqual([0]);
    const list = sent.errors.list('picks').expectEntries(3);
    list.entry(0).listChoices('pick', ['a', 'b']);
    expect(json(sent.errors.toJSON())).toBe(
      json({ children: { picks: { errors: [EXTRA], children: [{ children: { pick: { children: [{}, {}] } } }, { children: { pick: {} } }, { errors: ['This value is not valid.'], children: { pick: {} } }] } } }),
    );
    const array = validateForm(PicksDto, { picks: [{ pick: 1, more: true }] });
    array.errors.list('picks').expectEntries(1);
    expect(json(array.errors.toJSON())).toBe(json({ children: { picks: { children: [{ errors: [EXTRA], children: { pick: { errors: ['bad pick'] } } }] } } }));
    const scalar = validateForm(PicksDto, { picks: 'a' });
    expect(json(scalar.errors.list('picks').expectEntries(0).toJSON())).toBe(json({ errors: ['This value is not valid.'], children: [] }));
    expect(validateForm(PicksDto, {}).errors.list('picks').expectEntries(2).isValid).toBe(true);
  });
});
