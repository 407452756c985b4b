import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PAGE_CSS } from './page-css.js';

export interface Asset {
  type: string;
  body: Buffer;
}

/**
 * The page's client modules, compiled by the package build into `dist/page/` (the same path from `src/http`
 * and `dist/http`). Read once; only these names are served, so no request path reaches the file system.
 */
export function loadAssets(): Map<string, Asset> {
  const dir = fileURLToPath(new URL('../../dist/page/', import.meta.url));
  const assets = new Map<string, Asset>();
  let files: string[];
  try {
    files = readdirSync(dir);
  } catch {
    throw new Error(`the inspector page is not built (${dir} is missing): run the package build`);
  }
  for (const file of files) {
    if (!/^[a-z0-9-]+\.js$/.test(file)) continue;
    assets.set(file, { type: 'text/javascript; charset=utf-8', body: readFileSync(join(dir, file)) });
  }
  assets.set('styles.css', { type: 'text/css; charset=utf-8', body: Buffer.from(PAGE_CSS) });
  return assets;
}
