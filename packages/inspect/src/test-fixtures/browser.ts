import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

// The one home of the inspector's browser-test setup (this package's suite and the CLI's `inspect --config`
// suite import it). Debian's chromium (`apt-get install -y chromium`); .ci/run installs it and sets
// INSPECT_REQUIRE_BROWSER=1, making a missing browser a failure there.
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const HAVE_BROWSER = existsSync(CHROMIUM);

/**
 * Call at the top of a browser test file: without Chromium it warns that `suite` is skipped (and, when
 * INSPECT_REQUIRE_BROWSER=1, registers a failing test instead). Returns whether the browser suite can run.
 */
export function browserAvailable(suite: string): boolean {
  if (HAVE_BROWSER) return true;
  console.warn(
    `${suite}: browser tests SKIPPED — no Chromium at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM_PATH)`,
  );
  if (process.env.INSPECT_REQUIRE_BROWSER === '1')
    describe('browser requirement', () => {
      it('has a Chromium to drive', () => {
        expect.fail(`INSPECT_REQUIRE_BROWSER=1 but there is no Chromium at ${CHROMIUM}`);
      });
    });
  return false;
}

export interface BrowserPage {
  browser: Browser;
  page: Page;
  /** Console errors, page exceptions and failed requests seen so far (a suite ends by expecting none). */
  problems: string[];
}

/**
 * Headless Chromium on `url`, waited until the page says it is ready. `expectedFailure` names requests
 * whose failure is normal (e.g. the change stream cut when the page closes).
 */
export async function openInspector(
  url: string,
  options: { expectedFailure?: (url: string) => boolean } = {},
): Promise<BrowserPage> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  // Below the tests' own timeout, so a missing element fails with the locator's name, not a bare timeout.
  page.setDefaultTimeout(15_000);
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('requestfailed', (request) => {
    if (!options.expectedFailure?.(request.url())) problems.push(`request failed: ${request.url()}`);
  });
  await page.goto(url);
  await page.locator('body[data-ready="true"]').waitFor();
  return { browser, page, problems };
}

/** The inspect README's screenshots (`npm run screenshots -w @toolarsenal/inspect` refreshes them). */
export const README_SCREENSHOTS = join(import.meta.dirname, '../../docs/screenshots');

/**
 * Saves a screenshot of the page's view (the tab bar and the open panel, no empty margin) as a test artifact
 * under `artifacts`; with INSPECT_UPDATE_SCREENSHOTS=1, `readme` names the copy kept in the README's folder.
 */
export function screenshotter(
  page: Page,
  artifacts: string,
): (name: string, options?: { readme?: string }) => Promise<void> {
  return async (name, options = {}) => {
    mkdirSync(artifacts, { recursive: true });
    const file = join(artifacts, `${name}.png`);
    await page.screenshot({ path: file });
    if (options.readme !== undefined && process.env.INSPECT_UPDATE_SCREENSHOTS === '1') {
      mkdirSync(README_SCREENSHOTS, { recursive: true });
      copyFileSync(file, join(README_SCREENSHOTS, `${options.readme}.png`));
    }
  };
}
