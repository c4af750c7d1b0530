import { RouteRegistry } from './route-registry';

describe('RouteRegistry', () => {
  const registry = new RouteRegistry();
  registry.add('/api/v1/carts', ['GET', 'HEAD']);
  registry.add('/api/v1/carts', 'POST');
  registry.add('/api/v1/carts/:id', ['GET', 'PUT']);
  registry.add('/api/v1/carts/mine', 'GET');
  registry.add('/api/doc/*', 'GET');
  registry.add('*', 'OPTIONS');

  it('lists the routes without HEAD', () => {
    expect(registry.list()).toEqual([
      { url: '/api/v1/carts', method: 'GET' },
      { url: '/api/v1/carts', method: 'POST' },
      { url: '/api/v1/carts/:id', method: 'GET' },
      { url: '/api/v1/carts/:id', method: 'PUT' },
      { url: '/api/v1/carts/mine', method: 'GET' },
      { url: '/api/doc/*', method: 'GET' },
      { url: '*', method: 'OPTIONS' },
    ]);
  });

  it('matches a request to its pattern, with or without the trailing slash, static segments first', () => {
    expect(registry.match('GET', '/api/v1/carts/')).toBe('/api/v1/carts');
    expect(registry.match('post', '/api/v1/carts')).toBe('/api/v1/carts');
    expect(registry.match('GET', '/api/v1/carts/12')).toBe('/api/v1/carts/:id');
    expect(registry.match('HEAD', '/api/v1/carts/12')).toBe('/api/v1/carts/:id');
    expect(registry.match('GET', '/api/v1/carts/mine')).toBe('/api/v1/carts/mine');
    expect(registry.match('DELETE', '/api/v1/carts/12')).toBeNull();
    expect(registry.match('GET', '/api/v1/carts/12/items')).toBeNull();
  });

  it('lets a wildcard segment match the rest of the path', () => {
    expect(registry.match('GET', '/api/doc/swagger-ui.css')).toBe('/api/doc/*');
    expect(registry.match('GET', '/api/doc/a/b.js')).toBe('/api/doc/*');
    expect(registry.allowedMethods('/api/doc/swagger-ui.css')).toEqual(['GET']);
    expect(registry.allowedMethods('/api/v1/carts/12')).toEqual(['GET', 'PUT']);
    expect(registry.allowedMethods('/api/v1/nope')).toEqual([]);
  });

  it('matches a catch-all route but does not count it among the allowed methods', () => {
    expect(registry.match('OPTIONS', '/api/v1/nope')).toBe('*');
    expect(registry.allowedMethods('/api/v1/carts/12')).toEqual(['GET', 'PUT']);
  });
});
