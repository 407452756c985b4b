import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type InspectServer, startInspectServer } from './http/server.js';
import { fixtureTarget, manyTools } from './test-fixtures/arsenal.js';
import { browserAvailable, openInspector, screenshotter } from './test-fixtures/browser.js';

const HAVE_BROWSER = browserAvailable('@toolarsenal/inspect');
const ARTIFACTS = fileURLToPath(new URL('../test-artifacts/', import.meta.url));

describe.skipIf(!HAVE_BROWSER)('the inspector page in headless Chromium', () => {
  let server: InspectServer;
  let browser: Browser;
  let page: Page;
  let problems: string[] = [];
  /** A test artifact (the README's screenshots come from the CLI's suite over the gateway example). */
  const shoot = (name: string) => screenshotter(page, ARTIFACTS)(name);

  beforeAll(async () => {
    // 606 tools: the fixture arsenal plus 600 generated ones (the page must stay paged and quick at 500+).
    server = await startInspectServer({ target: fixtureTarget(manyTools(600)) });
    ({ browser, page, problems } = await openInspector(server.url));
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  }, 60_000);

  it('loads: summary, a paged tool list and keyboard tabs', async () => {
    await expect.poll(() => page.locator('#summary').textContent()).toMatch(/606 tools/);
    const rows = page.locator('#tools-results tbody tr');
    await expect.poll(() => rows.count()).toBe(50); // one page, not 606 rows
    expect(await page.locator('#tools-results .pager').textContent()).toContain('1–50 of 606');
    await page.locator('#tools-filters').getByLabel('Text').fill('refund');
    await expect.poll(() => rows.count()).toBe(1);
    await page.getByRole('button', { name: 'Details of process_refund' }).click();
    const detail = page.getByRole('region', { name: 'Details of payments:process_refund@1.0.0' });
    await detail.waitFor();
    expect(await detail.textContent()).toContain('secret-in-metadata');
    expect(await detail.textContent()).toContain('[redacted]');
    await shoot('tools');
    // Keyboard: arrow keys move between tabs.
    await page.getByRole('tab', { name: 'Tools' }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('tab', { name: 'Search' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.locator('#view-search').isVisible()).toBe(true);
  });

  it('search: ranked hits with the breakdown drawn as stacked bars', async () => {
    await page.getByRole('tab', { name: 'Search' }).click();
    await page
      .locator('#view-search')
      .getByRole('textbox', { name: 'Query' })
      .fill('refund the payment, then delete the receipt file');
    await page.locator('#search-form summary').click();
    await page.getByLabel('Used tools (ids or names, comma-separated)').fill('delete_file');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const first = page.locator('#search-results .hits > li').first();
    await first.waitFor();
    expect(await first.getAttribute('data-tool')).toBe('payments:process_refund@1.0.0');
    // The used tool is still listed, its bar ending in a hatched penalty part.
    const used = page.locator('#search-results .hits > li[data-tool="files:delete_file@1.0.0"]');
    expect(await used.locator('.bar span[data-part="penalty:used"]').count()).toBe(1);
    const parts = await first
      .locator('.bar span')
      .evaluateAll((spans: Array<{ dataset: Record<string, string>; style: { width: string } }>) =>
        spans.map((s) => ({ part: s.dataset.part, width: s.style.width })),
      );
    expect(parts.map((p) => p.part)).toContain('lexical');
    expect(parts.every((p) => /%$/.test(p.width))).toBe(true);
    await first.locator('summary', { hasText: 'Breakdown' }).click();
    expect(await first.locator('table.breakdown').textContent()).toContain('lexical (BM25)');
    await shoot('search');
    await page.getByLabel('Used tools (ids or names, comma-separated)').fill('');
    await page
      .locator('#view-search')
      .getByRole('textbox', { name: 'Query' })
      .fill('quantum chromodynamics lecture notes');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect
      .poll(() => page.locator('[data-testid="search-summary"]').textContent())
      .toMatch(/Nothing relevant/);
  });

  it('conversion: canonical vs lowered side by side, with a loss at its pointer', async () => {
    await page.getByRole('tab', { name: 'Tools' }).click();
    await page.getByRole('button', { name: 'Convert process_refund' }).click();
    const verdict = page.locator('[data-testid="verdict"]');
    await verdict.waitFor();
    expect(await verdict.textContent()).toContain('check: accepted');
    expect(await verdict.textContent()).toContain('gemini');
    const canonical = page.getByRole('region', { name: 'Canonical schema' });
    const loss = canonical.locator('div.loss[data-pointer="/inputSchema/properties/payment_id/format"]');
    expect(await loss.textContent()).toMatch(/format moved-to-description/);
    expect(await page.getByRole('region', { name: 'Lowered for gemini' }).textContent()).toContain('@format');
    await shoot('conversion');
  });

  it('policies: switching the subject makes a tool disappear, with the deciding rule shown', async () => {
    await page.getByRole('tab', { name: 'Policies' }).click();
    const policyForm = page.locator('#policy-form');
    await policyForm.getByLabel('Show').selectOption('visible');
    await policyForm.getByLabel('Subject').selectOption({ label: 'partner engineer' });
    const counts = page.locator('[data-testid="policy-counts"]');
    await expect.poll(() => counts.textContent()).toBe('6 of 606 visible · 6 callable · level partner');
    const reset = page.locator('#policy-results tr[data-tool="admin:reset_cluster@1.0.0"]');
    expect(await reset.count()).toBe(1);
    await policyForm.getByLabel('Subject').selectOption({ label: 'public visitor' });
    await expect.poll(() => counts.textContent()).toBe('5 of 606 visible · 5 callable · level public');
    expect(await reset.count()).toBe(0);
    await policyForm.getByLabel('Subject').selectOption({ label: 'blocked tenant' });
    await policyForm.getByLabel('Show').selectOption('denied');
    await policyForm.getByRole('button', { name: 'Apply' }).click();
    const forecast = page.locator('#policy-results tr[data-tool="weather:get_forecast@1.0.0"]');
    await forecast.waitFor();
    expect(await forecast.textContent()).toContain('base#/rules/0');
    expect(await forecast.textContent()).toContain('this tenant is blocked');
    await shoot('policies');
  });

  it('call form: generated from the schema, an invalid submit shows errors inline', async () => {
    await page.getByRole('tab', { name: 'Try a call' }).click();
    const pick = page.locator('#call-pick');
    await pick.getByLabel('Tool').fill('calendar:create_event@1.0.0');
    await pick.getByRole('button', { name: 'Load form' }).click();
    const form = page.locator('#call-form');
    await form.getByRole('button', { name: 'Add attendees item' }).click();
    await form.getByRole('button', { name: 'Validate and call' }).click();
    const titleError = form.locator('[data-error-for="/title"]');
    await expect.poll(() => titleError.textContent()).toContain('is required but missing');
    expect(await form.getByLabel('Title (required)').getAttribute('aria-invalid')).toBe('true');
    expect(await form.locator('[data-error-for="/when/start"]').textContent()).toContain('is required');
    expect(await form.locator('[data-error-for="/attendees/0/email"]').textContent()).toContain(
      'is required',
    );
    expect(await page.locator('#call-results').textContent()).toContain('Nothing was run');
    await shoot('call-invalid');
  });

  it('call: a result with runner events, and confirmation for a destructive tool', async () => {
    const pick = page.locator('#call-pick');
    await pick.getByLabel('Tool').fill('weather:get_forecast@1.0.0');
    await pick.getByRole('button', { name: 'Load form' }).click();
    const form = page.locator('#call-form');
    await form.getByLabel('City (required)').fill('Lisbon');
    await form.getByLabel('units').selectOption({ label: '"metric"' });
    await form.getByRole('button', { name: 'Validate and call' }).click();
    const status = page.locator('[data-testid="call-status"]');
    await expect.poll(() => status.textContent()).toContain('success');
    expect(await page.getByRole('region', { name: 'Call result' }).textContent()).toContain('"Lisbon"');
    expect(await page.locator('#call-results table').textContent()).toMatch(/start[\s\S]*success/);
    await shoot('call-result');

    await pick.getByLabel('Tool').fill('files:delete_file@1.0.0');
    await pick.getByRole('button', { name: 'Load form' }).click();
    await form.getByLabel('path (required)').fill('/tmp/report.txt');
    await form.getByRole('button', { name: 'Validate and call' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Confirmation needed' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('/tmp/report.txt');
    await shoot('call-confirm');
    await dialog.getByRole('button', { name: 'Confirm and run' }).click();
    await expect.poll(() => status.textContent()).toContain('success');
    expect(await page.getByRole('region', { name: 'Call result' }).textContent()).toContain('"deleted"');
  });

  it('logged no errors (CSP violations, failed requests, exceptions)', () => {
    expect(problems).toEqual([]);
  });
});
