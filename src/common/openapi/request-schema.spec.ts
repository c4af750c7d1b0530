import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Min } from 'class-validator';
import { AddCartItemRequestSchema, ChangeCartItemRequestSchema } from '../../orders/http/cart-items.openapi';
import { MAX_CART_LINES, MAX_CART_UNITS, MAX_QUANTITY } from '../../orders/domain/cart-limits';
import { AddCartItemForm, ChangeCartItemForm } from '../../orders/http/forms/cart-item.forms';
import { Form } from '../forms/form-shape';
import { requestSchemaOf } from './request-schema';
import { registeredSchemas } from './schema-registry';

@Form({ fields: ['amount', 'label'] })
class ProbeChildForm {
  @Min(0)
  @IsInt()
  amount!: number;

  @IsString()
  @IsOptional()
  label?: string | null;
}

@Form({ fields: ['name', 'kind', 'child'], aliases: { kinds: 'kind' }, subForms: { child: ProbeChildForm } })
class ProbeForm {
  @IsString()
  @IsNotEmpty()
  name!: string;

  @IsIn(['a', 'b'])
  @IsOptional()
  kind?: string | null;

  @IsIn(['a', 'b'])
  @IsOptional()
  kinds?: string | null;

  @IsOptional()
  child?: ProbeChildForm | null;
}

describe('requestSchemaOf', () => {
  it('reads keys and order from @Form, types and limits from class-validator, optional/null from @IsOptional', () => {
    expect(requestSchemaOf(ProbeForm, { description: 'Probe.', properties: { name: { example: 'x' } } }, { child: ProbeChildForm })).toStrictEqual({
      type: 'object',
      description: 'Probe.',
      required: ['name'],
      properties: {
        name: { type: 'string', example: 'x' },
        kind: { type: 'string', enum: ['a', 'b'], nullable: true },
        kinds: { type: 'string', enum: ['a', 'b'], nullable: true },
        child: {
          type: 'object',
          required: ['amount'],
          properties: { amount: { type: 'integer', minimum: 0 }, label: { type: 'string', nullable: true } },
          additionalProperties: false,
          nullable: true,
        },
      },
      additionalProperties: false,
    });
  });

  it('takes `required` and replaced properties from the options', () => {
    const schema = requestSchemaOf(ProbeForm, { required: [], properties: { kind: { replace: true, type: 'string' } } }, { child: ProbeChildForm });
    expect(schema.required).toBeUndefined();
    expect(schema.properties?.kind).toStrictEqual({ type: 'string' });
  });

  it('describes a list of nested forms as an array of its entry objects; a key the options require is not nullable', () => {
    @Form({ fields: ['entries'], lists: { entries: ProbeChildForm } })
    class ProbeListForm {
      entries!: ReadonlyMap<number, ProbeChildForm>;
    }
    expect(requestSchemaOf(ProbeListForm, { required: [], nested: { entries: { required: ['amount', 'label'] } } })).toStrictEqual({
      type: 'object',
      properties: {
        entries: {
          type: 'array',
          items: {
            type: 'object',
            required: ['amount', 'label'],
            properties: { amount: { type: 'integer', minimum: 0 }, label: { type: 'string' } },
            additionalProperties: false,
          },
        },
      },
      additionalProperties: false,
    });
  });

  // The cart-items request schemas, derived from their forms, equal the ones the document has today.
  it('derives the cart-item request schemas from AddCartItemForm and ChangeCartItemForm', () => {
    expect(AddCartItemRequestSchema.$ref).toBe('#/components/schemas/AddCartItemRequest');
    expect(ChangeCartItemRequestSchema.$ref).toBe('#/components/schemas/ChangeCartItemRequest');
    const quantity = { description: `Number of units; a tracked variant allows at most on hand − on hold, and the cart's lines together at most ${MAX_CART_UNITS}.`, example: 2 };
    const documented = registeredSchemas();
    expect(
      requestSchemaOf(AddCartItemForm, {
        example: { variant: 'MUG_SW', quantity: 1 },
        properties: {
          quantity,
          variant: { description: `Variant code; it needs a price in the cart's channel. A cart holds at most ${MAX_CART_LINES} different variants.`, example: 'MUG_SW' },
        },
      }),
    ).toEqual(documented.AddCartItemRequest);
    expect(requestSchemaOf(ChangeCartItemForm, { example: { quantity: 3 }, properties: { quantity } })).toEqual(documented.ChangeCartItemRequest);
    expect(documented.ChangeCartItemRequest.properties?.quantity).toMatchObject({ minimum: 1, maximum: MAX_QUANTITY });
  });
});
