import { errorBodyProblem } from '../support/fuzz/error-shapes';

/** The fuzz suites' judge of error bodies: it must accept exactly the documented families. */
describe('documented error bodies', () => {
  it.each([
    [404, { code: 404, message: 'The "cart" has not been found' }],
    [405, { code: 405, message: 'No route found for "PATCH /api/v1/carts/": Method Not Allowed (Allow: GET, POST)' }],
    [400, { code: 400, message: 'Invalid json message received' }],
    [400, { code: 400, message: 'Validation Failed', errors: { children: { quantity: { errors: ['This value is not valid.'] }, variant: {} } } }],
    [400, { code: 400, message: 'Validation Failed', errors: { errors: ['This form should not contain extra fields.'], children: { user: { children: { enabled: {} } } } } }],
    [400, { error: 'unsupported_grant_type', error_description: null }],
    [401, { error: 'access_denied', error_description: 'OAuth2 authentication required' }],
    [409, { code: 409, message: 'The customer has placed orders and cannot be deleted.' }],
    [429, { code: 429, message: 'Too many requests' }],
  ])('accepts %s %j', (status, body) => {
    expect(errorBodyProblem(status, body)).toBeNull();
  });

  it.each([
    [400, { error: 'Bad Request', code: 'FST_ERR_BAD_URL', message: 'x', statusCode: 400 }, 'OAuth error keys error, code, message, statusCode'],
    [414, { code: 414, message: 'URI too long' }, 'status 414 is not a documented error status'],
    [404, { code: 400, message: 'x' }, 'code 400 differs from the status 404'],
    [404, { code: 404, message: '' }, 'message is not a non-empty string'],
    [404, { code: 404, message: 'x', stack: 'at …' }, 'error body keys code, message, stack'],
    [400, { code: 400, message: 'Validation Failed', errors: { children: { a: { errors: [] } } } }, 'errors.children.a.errors is not a non-empty list of messages'],
    [400, { code: 400, message: 'Validation Failed', errors: { children: {}, errors: ['x'] } }, 'errors.errors comes after children'],
    [400, { code: 400, message: 'Validation Failed', errors: {} }, 'errors has no children'],
    [403, { error: 'access_denied', error_description: 'x' }, 'an OAuth error body with status 403'],
    [400, [1], 'the body is not a JSON object'],
  ])('rejects %s %j', (status, body, problem) => {
    expect(errorBodyProblem(status, body)).toBe(problem);
  });
});
