import { createRequire } from 'node:module';
import type * as OtelApi from '@opentelemetry/api';

export type OtelModule = typeof OtelApi;

/**
 * Loads `@opentelemetry/api` (an optional peer dependency) with `require`, so the runner needs no
 * top-level await and still works when it is not installed: then no span is made and results carry
 * locally generated ids. The API keeps its tracer provider and context manager on `globalThis`, so
 * this copy sees the ones the application registered. Errors other than "not installed" propagate.
 */
export function loadOpenTelemetry(load: (id: string) => unknown): OtelModule | undefined {
  try {
    return load('@opentelemetry/api') as OtelModule;
  } catch (error) {
    const code = (error as { code?: unknown })?.code;
    if (code === 'MODULE_NOT_FOUND' || code === 'ERR_MODULE_NOT_FOUND') return undefined;
    throw error;
  }
}

const require = createRequire(import.meta.url);
let loaded: { api: OtelModule | undefined } | undefined;

/**
 * `@opentelemetry/api`, loaded on the first span rather than at import (a process that lists
 * tools and runs none does not pay for it); `undefined` when it is not installed.
 */
export function otelApi(): OtelModule | undefined {
  return (loaded ??= { api: loadOpenTelemetry(require) }).api;
}

/** The package version, read from package.json (the instrumentation scope version of spans). */
export const PACKAGE_VERSION: string = (require('../package.json') as { version: string }).version;
