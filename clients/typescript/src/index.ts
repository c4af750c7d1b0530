export { createShopAdminClient } from './client';
export type { IdempotencyOption, ItemOf, PageOf, PagePath, PathsWith, ShopAdminClient, ShopAdminClientOptions } from './client';
export { errorFamilyOf, ShopApiError } from './results';
export type { ApiError, ApiResult, ErrorFamily, UnexpectedError } from './results';
export type { components, operations, paths } from './schema';

import type { components } from './schema';
/** The API's named schemas, e.g. `Schemas['Cart']`. */
export type Schemas = components['schemas'];
