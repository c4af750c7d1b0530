import 'reflect-metadata';
import { RequestMethod, type DynamicModule, type Type } from '@nestjs/common';
import { METHOD_METADATA, MODULE_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { AppModule } from '../../src/app/app.module';
import { loadConfig } from '../../src/config/app-config';

type ModuleRef = Type<unknown> | DynamicModule | Promise<DynamicModule> | undefined;

const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]);
const join = (...parts: unknown[]): string =>
  parts
    .flatMap((part) => String(part ?? '').split('/'))
    .filter(Boolean)
    .join('/');

function controllersOf(module: ModuleRef, seen: Set<unknown>, found: Array<Type<unknown>>): void {
  if (!module || module instanceof Promise || seen.has(module)) return;
  seen.add(module);
  const dynamic = typeof module === 'object' ? module : null;
  const type = dynamic ? dynamic.module : (module as Type<unknown>);
  found.push(...((Reflect.getMetadata(MODULE_METADATA.CONTROLLERS, type) as Array<Type<unknown>> | undefined) ?? []), ...(dynamic?.controllers ?? []));
  const imports = [...((Reflect.getMetadata(MODULE_METADATA.IMPORTS, type) as ModuleRef[] | undefined) ?? []), ...((dynamic?.imports as ModuleRef[]) ?? [])];
  for (const child of imports) controllersOf(child, seen, found);
}

/**
 * The product's GET routes, read synchronously from the Nest module metadata (nothing is started), as
 * slash-separated paths without leading or trailing slash, e.g. `api/v1/customers/:id`.
 */
export function productGetRoutes(): string[] {
  const root = AppModule.register(loadConfig({ LOG_LEVEL: 'silent' }), { clientUrl: 'postgresql://unused', poolSize: 1 });
  const controllers: Array<Type<unknown>> = [];
  controllersOf(root, new Set(), controllers);
  const routes: string[] = [];
  for (const controller of controllers) {
    const prefixes = asList(Reflect.getMetadata(PATH_METADATA, controller));
    const prototype = controller.prototype as Record<string, unknown>;
    for (const name of Object.getOwnPropertyNames(prototype)) {
      const handler = prototype[name];
      if (typeof handler !== 'function' || Reflect.getMetadata(METHOD_METADATA, handler) !== RequestMethod.GET) continue;
      for (const prefix of prefixes.length > 0 ? prefixes : ['']) {
        for (const path of asList(Reflect.getMetadata(PATH_METADATA, handler))) routes.push(join(prefix, path));
      }
    }
  }
  return routes;
}

/** Whether the product declares GET /api/v1/customers/{id}/orders/. */
export const hasCustomerOrdersRoute = (): boolean => productGetRoutes().some((route) => /^api\/v1\/customers\/:[^/]+\/orders$/.test(route));
