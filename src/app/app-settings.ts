import type { AppConfig } from '../config/app-config';

/** Injection token for the resolved configuration. */
export const APP_CONFIG = Symbol('APP_CONFIG');

export type { AppConfig };
