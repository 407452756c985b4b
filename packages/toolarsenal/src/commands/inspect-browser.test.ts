import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserAvailable,
  openInspector,
  screenshotter,
} from '../../../inspect/src/test-fixtures/browser.js';
import { scratch } from '../test-fixtures/cli-kit.js';
import { startInspect } from '../test-fixtures/inspect-kit.js';

// `toolarsenal inspect --config examples/gateway/toolarsenal.yaml` in real headless Chromium: the example's
// three MCP servers from npm (server-everything, -filesystem, -memory, over stdio) and its OpenAPI todo API
// (started here on 127.0.0.1, stopped after). The browser setup is the inspector's own test helper.
const HAVE_BROWSER = browserAvailable('toolarsenal inspect --config');
const EXAMPLE = fileURLToPath(new URL('../../../../examples/gateway/', import.meta.url));
const ARTIFACTS = fileURLToPath(new URL('../../test-artifacts/inspect/', import.meta.url));

describe.skipIf(!HAVE_BROWSER)('toolarsenal inspect over the gateway example, in headless Chromium', () => {
  const saved = { ...process.env };
  let api: { url: string; close(): Promise<void> };
  let run: ReturnType<typeof startInspect>;
  let browser: Browser;
  let page: Page;
  let problems: string[] = [];
  /** The memory server's file: the config passes it in a child's environment, so the page must never show it. */
  let memoryFile: string;
  let memoryDir: string | undefined;
  /** A test artifact; `npm run screenshots -w @toolarsenal/inspect` also refreshes the inspect README's copy. */
  const shoot = (name: string) => screenshotter(page, ARTIFACTS)(name, { readme: name });

  beforeAll(async () => {
    const { startTodoApi } = (await import(join(EXAMPLE, 'todo-api.mjs'))) as {
      startTodoApi(port: number): Promise<{ url: string; close(): Promise<void> }>;
    };
    api = await startTodoApi(0);
    process.env.TODO_API_PORT = new URL(api.url).port;
    memoryDir = scratch().dir;
    memoryFile = join(memoryDir, 'memory.jsonl');
    process.env.MEMORY_FILE_PATH = memoryFile;
    run = startInspect(['--config', join(EXAMPLE, 'toolarsenal.yaml')]);
    // The change stream is cut when the test closes the page; any other failed request is a problem.
    ({ browser, page, problems } = await openInspector(await run.url(), {
      expectedFailure: (url) => url.endsWith('/api/events'),
    }));
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    run?.stop();
    await run?.done;
    await api?.close();
    if (memoryDir) rmSync(memoryDir, { recursive: true, force: true });
    process.env = saved;
  }, 60_000);

  it('lists the pool with each tool’s source, location and live status', async () => {
    await expect.poll(() => page.locator('#summary').textContent()).toMatch(/^\d+ tools/);
    const filters = page.locator('#tools-filters');
    await filters.getByLabel('Source').selectOption('todo');
    const rows = page.locator('#tools-results tbody tr');
    await expect.poll(() => rows.count()).toBe(3);
    await page.getByRole('button', { name: 'Details of createTodo' }).click();
    const detail = page.getByRole('region', { name: 'Details of todo:createTodo@1.0.0' });
    await detail.waitFor();
    const text = await detail.textContent();
    expect(text).toContain('todo (openapi)');
    expect(text).toContain(`todo-api.yaml → ${api.url}`);
    expect(text).toContain('source ready');
    await shoot('tools');
    await filters.getByLabel('Source').selectOption('');
  });

  it('search: ranked hits from the arsenal’s index, the breakdown drawn as stacked bars', async () => {
    await page.getByRole('tab', { name: 'Search' }).click();
    // Scoped: tools whose names contain "query" have buttons labelled with them.
    await page
      .locator('#view-search')
      .getByRole('textbox', { name: 'Query' })
      .fill('add a new todo item to my list');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const first = page.locator('#search-results .hits > li').first();
    await first.waitFor();
    expect(await first.getAttribute('data-tool')).toBe('todo:createTodo@1.0.0');
    expect(await first.locator('.bar span[data-part="lexical"]').count()).toBe(1);
    await first.locator('summary', { hasText: 'Breakdown' }).click();
    expect(await first.locator('table.breakdown').textContent()).toContain('lexical (BM25)');
    await shoot('search');
  });

  it('conversion: the OpenAPI tool lowered for Gemini, with the loss at its pointer', async () => {
    await page.getByRole('tab', { name: 'Tools' }).click();
    await page.locator('#tools-filters').getByLabel('Text').fill('createTodo');
    await page.getByRole('button', { name: 'Convert createTodo' }).click();
    const verdict = page.locator('[data-testid="verdict"]');
    await verdict.waitFor();
    expect(await verdict.textContent()).toContain('check: accepted');
    expect(await verdict.textContent()).toContain('gemini');
    const canonical = page.getByRole('region', { name: 'Canonical schema' });
    const loss = canonical.locator('div.loss[data-pointer="/inputSchema/additionalProperties"]');
    expect(await loss.textContent()).toMatch(/additionalProperties moved-to-description/);
    expect(await page.getByRole('region', { name: 'Lowered for gemini' }).textContent()).toContain(
      '@additionalProperties false',
    );
    await shoot('conversion');
    await page.getByRole('tab', { name: 'Tools' }).click();
    await page.locator('#tools-filters').getByLabel('Text').fill('');
  });

  it('policies: from the whole pool to an agent on the gateway, the read-only rule hides write_file', async () => {
    await page.getByRole('tab', { name: 'Policies' }).click();
    const form = page.locator('#policy-form');
    await form.getByLabel('Show').selectOption('visible');
    await form.getByLabel('Subject').selectOption({ label: 'operator: the whole pool' });
    const counts = page.locator('[data-testid="policy-counts"]');
    await expect.poll(() => counts.textContent()).toMatch(/^(\d+) of \1 visible/);
    const write = page.locator('#policy-results tr[data-tool="files:write_file@1.0.0"]');
    expect(await write.count()).toBe(1);
    await form.getByLabel('Subject').selectOption({ label: 'agent on the gateway (anonymous)' });
    expect(await form.getByLabel('Seen through').inputValue()).toBe('gateway');
    await expect.poll(() => write.count()).toBe(0);
    const [visible, total] = /^(\d+) of (\d+) visible/.exec((await counts.textContent()) ?? '')!.slice(1);
    expect(Number(total) - Number(visible)).toBe(4); // write_file, edit_file, move_file, create_directory
    await form.getByLabel('Show').selectOption('denied');
    const denied = page.locator('#policy-results tr[data-tool="files:write_file@1.0.0"]');
    await denied.waitFor();
    expect(await denied.textContent()).toContain('gateway-policy#/rules/0');
    expect(await denied.textContent()).toContain('the example workspace is served read-only');
    await shoot('policies');
  });

  it('call form: an invalid submit shows the error inline and runs nothing', async () => {
    await page.getByRole('tab', { name: 'Try a call' }).click();
    const pick = page.locator('#call-pick');
    await pick.getByLabel('Tool').fill('todo:createTodo@1.0.0');
    await pick.getByRole('button', { name: 'Load form' }).click();
    const form = page.locator('#call-form');
    await form.getByRole('button', { name: 'Validate and call' }).click();
    await expect
      .poll(() => form.locator('[data-error-for="/body/title"]').textContent())
      .toContain('is required but missing');
    expect(await page.locator('#call-results').textContent()).toContain('Nothing was run');
    await shoot('call-invalid');
  });

  it('call: the MCP server answers through the runner; a destructive tool asks first', async () => {
    const pick = page.locator('#call-pick');
    const form = page.locator('#call-form');
    const status = page.locator('[data-testid="call-status"]');
    await pick.getByLabel('Tool').fill('everything:echo@1.0.0');
    await pick.getByRole('button', { name: 'Load form' }).click();
    await form.getByLabel('message (required)').fill('hello from the inspector');
    await form.getByRole('button', { name: 'Validate and call' }).click();
    await expect.poll(() => status.textContent()).toContain('success');
    expect(await page.getByRole('region', { name: 'Call result' }).textContent()).toContain(
      'Echo: hello from the inspector',
    );
    expect(await page.locator('#call-results table').textContent()).toMatch(/start[\s\S]*success/);
    await shoot('call-result');

    await pick.getByLabel('Tool').fill('memory:delete_entities@1.0.0');
    await pick.getByRole('button', { name: 'Load form' }).click();
    await form.getByRole('button', { name: 'Add entityNames item' }).click();
    await form.getByLabel('entityNames 1 (required)').fill('Ada');
    await form.getByRole('button', { name: 'Validate and call' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Confirmation needed' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('"Ada"');
    await shoot('call-confirm');
    await dialog.getByRole('button', { name: 'Confirm and run' }).click();
    await expect.poll(() => status.textContent()).toContain('success');
  });

  it('secrets: a value the config passes in a child’s environment never reaches the page', async () => {
    await page.getByRole('tab', { name: 'Try a call' }).click();
    const pick = page.locator('#call-pick');
    const form = page.locator('#call-form');
    await pick.getByLabel('Tool').fill('everything:echo@1.0.0');
    await pick.getByRole('button', { name: 'Load form' }).click();
    await form.getByLabel('message (required)').fill(`the graph lives in ${memoryFile}`);
    await form.getByRole('button', { name: 'Validate and call' }).click();
    const result = page.getByRole('region', { name: 'Call result' });
    await expect.poll(() => result.textContent()).toContain('Echo: the graph lives in [redacted]');
    await page.getByRole('tab', { name: 'Tools' }).click();
    await page.locator('#tools-filters').getByLabel('Source').selectOption('memory');
    await page.getByRole('button', { name: 'Details of read_graph' }).click();
    const detail = page.getByRole('region', { name: 'Details of memory:read_graph@1.0.0' });
    await detail.waitFor();
    expect(await detail.textContent()).toContain('npx --no-install mcp-server-memory');
    // Nowhere on the page: not in the result, the call's events, a source's location or status.
    for (const tab of ['Tools', 'Try a call'] as const) {
      await page.getByRole('tab', { name: tab }).click();
      expect(await page.locator('main').innerText()).not.toContain(memoryFile);
    }
  });

  it('logged no errors (CSP violations, failed requests, exceptions)', () => {
    expect(problems).toEqual([]);
  });
});
