export interface RegisteredRoute {
  /** The pattern as registered, e.g. `/api/v1/carts/:id`. */
  url: string;
  method: string;
}

/** Turns a route pattern into a regular expression: `:name` matches one segment, a `*` segment the rest. */
function patternOf(url: string): RegExp {
  const segments = url
    .replace(/\/+$/, '')
    .split('/')
    .map((segment) => {
      if (segment.startsWith(':')) return '[^/]+';
      if (segment === '*') return '.*';
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    });
  return new RegExp(`^${segments.join('/')}/?$`);
}

/** A route for every path (such as a CORS preflight handler's `OPTIONS *`). */
export const isCatchAll = (url: string): boolean => /^\/?\*$/.test(url);

/** Remembers every registered route so an unmatched request can be told apart: unknown path (404) or wrong method (405). */
export class RouteRegistry {
  private readonly routes: Array<RegisteredRoute & { pattern: RegExp }> = [];

  add(url: string, methods: string | string[]): void {
    const pattern = patternOf(url);
    for (const method of Array.isArray(methods) ? methods : [methods]) {
      if (method !== 'HEAD') this.routes.push({ url, method, pattern });
    }
  }

  /**
   * The methods a path answers to, in registration order (empty for an unknown path). Catch-all
   * routes do not count: they would make every unknown path a 405.
   */
  allowedMethods(path: string): string[] {
    const methods: string[] = [];
    for (const route of this.routes) {
      if (!isCatchAll(route.url) && route.pattern.test(path) && !methods.includes(route.method)) methods.push(route.method);
    }
    return methods;
  }

  /** Every registered route, in registration order (HEAD left out). */
  list(): RegisteredRoute[] {
    return this.routes.map(({ url, method }) => ({ url, method }));
  }

  /** The pattern of the route that answers this method and path (static segments win, as in the router), or null. */
  match(method: string, path: string): string | null {
    const upper = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
    const candidates = this.routes.filter((route) => route.method === upper && route.pattern.test(path));
    const dynamicSegments = (url: string) => url.split('/').filter((segment) => segment.startsWith(':') || segment === '*').length;
    candidates.sort((a, b) => dynamicSegments(a.url) - dynamicSegments(b.url));
    return candidates[0]?.url ?? null;
  }
}
