import { DECORATORS } from '@nestjs/swagger';
import { ApiResponses } from './api-decorators';
import { badRequest, noContent, notFound, responseHeader } from './responses';
import { closedObject, string } from './schema-builders';

/** The responses @nestjs/swagger will put into the document for a decorated handler. */
function responsesOf(...decorators: MethodDecorator[]): Record<string, unknown> {
  class Probe {
    handle(): void {}
  }
  const descriptor = Object.getOwnPropertyDescriptor(Probe.prototype, 'handle') as PropertyDescriptor;
  for (const decorator of decorators) decorator(Probe.prototype, 'handle', descriptor);
  return Reflect.getMetadata(DECORATORS.API_RESPONSE, descriptor.value as object) as Record<string, unknown>;
}

describe('ApiResponses', () => {
  const form = closedObject({ errors: string() });

  it('merges the outcomes of one status, however the decorators are applied', () => {
    const together = responsesOf(ApiResponses(noContent('Done.'), { status: 400, description: 'Invalid form.', schema: form }, badRequest('Bad JSON.')));
    const apart = responsesOf(ApiResponses(badRequest('Bad JSON.')), ApiResponses({ status: 400, description: 'Invalid form.', schema: form }), ApiResponses(noContent('Done.')));
    expect(together['400']).toEqual({
      description: '- Invalid form.\n- Bad JSON.',
      schema: { anyOf: [form, { $ref: '#/components/schemas/BadRequestError' }] },
    });
    expect(apart['400']).toEqual({
      description: '- Bad JSON.\n- Invalid form.',
      schema: { anyOf: [{ $ref: '#/components/schemas/BadRequestError' }, form] },
    });
    expect(Object.keys(together)).toEqual(['204', '400']);
    expect(together['204']).toEqual({ description: 'Done.' });
  });

  it('keeps one schema once and joins the examples', () => {
    const merged = responsesOf(
      ApiResponses(
        { status: 404, description: 'Gone.', schema: form, examples: { a: { summary: 'A', value: 1 } } },
        { status: 404, description: 'Gone.', schema: form, examples: { b: { summary: 'B', value: 2 } } },
      ),
    );
    expect(merged['404']).toEqual({ description: 'Gone.', schema: form, examples: { a: { summary: 'A', value: 1 }, b: { summary: 'B', value: 2 } } });
  });

  it('requires a header only when every outcome of the status sends it', () => {
    const always = responseHeader('Always.', true);
    const merged = responsesOf(
      ApiResponses(
        { status: 400, description: 'One.', schema: form, headers: { 'Cache-Control': always, Allow: always } },
        { status: 400, description: 'Two.', schema: form, headers: { Allow: always } },
        { status: 400, headers: { 'Idempotent-Replayed': responseHeader('Sometimes.', false) } },
      ),
    ) as Record<string, { headers: Record<string, { required: boolean }> }>;
    expect(Object.fromEntries(Object.entries(merged['400'].headers).map(([name, header]) => [name, header.required]))).toEqual({
      'Cache-Control': false,
      Allow: true,
      'Idempotent-Replayed': false,
    });
  });

  it('narrows 404 bodies to the messages of the endpoint', () => {
    expect(notFound('No cart.', 'The "cart" has not been found').schema).toEqual(
      expect.objectContaining({ properties: { code: { type: 'integer', enum: [404] }, message: { type: 'string', enum: ['The "cart" has not been found'] } } }),
    );
  });
});
