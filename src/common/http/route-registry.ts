/** Remembers every registered route so an unmatched request can be told apart: unknown path (404) or wrong method (405). */
export class RouteRegistry {
  private readonly routes: Array<{ pattern: RegExp; method: string }> = [];
  private readonly registered: Array<{ url: string; method: string }> = [];

  add(url: string, methods: string | string[]): void {
    const pattern = new RegExp(
      `^${url
        .replace(/\/+$/, '')
        .split('/')
        .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('/')}/?$`,
    );
    for (const method of Array.isArray(methods) ? methods : [methods]) {
      if (method === 'HEAD') continue;
      this.routes.push({ pattern, method });
      this.registered.push({ url, method });
    }
  }

  /** The methods a path answers to, in registration order (empty for an unknown path). */
  allowedMethods(path: string): string[] {
    const methods: string[] = [];
    for (const route of this.routes) {
      if (route.pattern.test(path) && !methods.includes(route.method)) methods.push(route.method);
    }
    return methods;
  }

  /** Every registered method and URL pattern (`:name` for path parameters), in registration order. */
  list(): Array<{ url: string; method: string }> {
    return this.registered.map((route) => ({ ...route }));
  }
}
