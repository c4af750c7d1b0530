import 'reflect-metadata';
import { IsOptional } from 'class-validator';
import { requestSchemaOf } from '../openapi/request-schema';
import { Form } from './form-shape';
import { integerRange, IsIntegerIn, IsIntegerTextIn } from './integer-range';
import { validateForm } from './validate-form';

const COUNT = integerRange('integer', { min: 1, max: 50 });
const SEQUENCE = integerRange('bigint', { min: 0 });
const messages = { notInteger: 'not an integer', tooLow: 'too low', tooHigh: 'too high' };

@Form({ fields: ['count', 'sequence'] })
class NumbersForm {
  @IsIntegerIn(COUNT, messages)
  @IsOptional()
  count?: number;

  @IsIntegerIn(SEQUENCE, messages)
  @IsOptional()
  sequence?: number;
}

@Form({ fields: ['sequence'] })
class QueryForm {
  @IsIntegerTextIn(SEQUENCE, messages)
  @IsOptional()
  sequence?: string;
}

/** The messages of the one field of the form's 400 tree (none when it is valid). */
const messagesOf = (form: new () => object, field: string, value: unknown): string[] => {
  const children = (validateForm(form, { [field]: value }).errors.toJSON() as { children: Record<string, { errors?: string[] }> }).children;
  return children[field].errors ?? [];
};

describe('integerRange', () => {
  it("bounds a field by its own maximum or, without one, by the column type's", () => {
    expect(COUNT).toEqual({ minimum: 1, maximum: 50 });
    expect(integerRange('integer', { min: 0 })).toEqual({ minimum: 0, maximum: 2147483647 });
    expect(SEQUENCE).toEqual({ minimum: 0, maximum: 9007199254740991 });
  });

  it('refuses a range the column type does not hold', () => {
    expect(() => integerRange('integer', { min: 1, max: 2147483648 })).toThrow('1..2147483648 is not a range of integer values');
    expect(() => integerRange('bigint', { min: 1, max: 2 ** 53 })).toThrow();
    expect(() => integerRange('integer', { min: 5, max: 4 })).toThrow();
  });
});

describe('IsIntegerIn', () => {
  it.each([
    [1, []],
    [50, []],
    [51, ['too high']],
    [0, ['too low']],
    [-1e30, ['too low']],
    [2147483648, ['too high']],
    [1e21, ['too high']],
    [1.5, ['not an integer']],
    ['7', ['not an integer']],
    [true, ['not an integer']],
  ])('answers count %j with %j', (value, expected) => {
    expect(messagesOf(NumbersForm, 'count', value)).toEqual(expected);
  });

  it.each([
    [0, []],
    [Number.MAX_SAFE_INTEGER, []],
    [2 ** 53, ['too high']],
    [9223372036854775808, ['too high']],
    [1e30, ['too high']],
    [-1, ['too low']],
  ])('answers sequence %j with %j', (value, expected) => {
    expect(messagesOf(NumbersForm, 'sequence', value)).toEqual(expected);
  });

  it('states the range in the request schema', () => {
    expect(requestSchemaOf(NumbersForm).properties).toEqual({
      count: { type: 'integer', minimum: 1, maximum: 50, nullable: true },
      sequence: { type: 'integer', minimum: 0, maximum: 9007199254740991, nullable: true },
    });
  });
});

describe('IsIntegerTextIn', () => {
  it.each([
    ['0', []],
    ['9007199254740991', []],
    ['9007199254740992', ['too high']],
    ['9223372036854775808', ['too high']],
    ['9'.repeat(400), ['too high']],
    ['-1', ['too low']],
    ['-9223372036854775809', ['too low']],
    ['1e21', ['not an integer']],
    ['01', ['not an integer']],
    ['+1', ['not an integer']],
    [' 1', ['not an integer']],
    ['1.0', ['not an integer']],
    ['-0', ['not an integer']],
    ['', ['not an integer']],
    [7, ['not an integer']],
  ])('answers %j with %j', (value, expected) => {
    expect(messagesOf(QueryForm, 'sequence', value)).toEqual(expected);
  });
});
