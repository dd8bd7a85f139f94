// Root hooks for the UI suite: one build, one sandbox, one code-server with the extension installed, one
// Chromium page shared by the journeys. Everything is stopped after the run, also when a test fails.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { startSandbox, type RunningSandbox } from '@orchestrator-workbench/sandbox';
import { launchBrowser } from '../harness/browser';
import { buildDevelopment, ROOT, startEditor, type RunningEditor } from '../harness/editor';
import { installCleanup, stopAll } from '../harness/processes';
import { sandboxEditorSettings } from '../harness/sandboxConnection';

/** Where CI keeps the screenshots (README: "Screenshots"). */
export const SCREENSHOT_DIR = join(ROOT, '.test-artifacts', 'e2e');

export const world = {} as { sandbox: RunningSandbox; editor: RunningEditor; page: Page; close(): Promise<void> };

export async function screenshot(name: string, page: Page = world.page): Promise<string> {
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path });
  return path;
}

export const mochaHooks = {
  async beforeAll(this: Mocha.Context) {
    this.timeout(10 * 60_000); // the first run on a machine provisions the editor
    installCleanup();
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    buildDevelopment('ignore');
    // The large scale: 1,000 folders, 10,000 packages, 100,000 queue items — the tree must stay usable on it.
    // Jobs run 20 s writing a line every 50 ms, so a tail has enough lines to scroll.
    const sandbox = await startSandbox({ scale: 'large', jobDurationMs: 20_000, logIntervalMs: 50 });
    const editor = await startEditor({
      name: 'e2e',
      installExtension: true,
      // The sample project whose package the sandbox runs and faults: faults land on its files (Problems panel).
      workspaceProjects: [join(ROOT, 'sandbox', 'samples', 'Invoice.Processing')],
      settings: {
        'workbench.colorTheme': 'Default Dark Modern',
        // Sticky rows cover the rows the journeys click.
        'workbench.tree.enableStickyScroll': false,
        // The connection of `npm start`: signing in goes through the sandbox's login page, as for a user.
        ...sandboxEditorSettings(sandbox),
      },
    });
    const browser = await launchBrowser();
    const page = await browser.context.newPage();
    Object.assign(world, {
      sandbox,
      editor,
      page,
      close: async () => {
        await browser.close();
        await editor.stop();
        await sandbox.close();
      },
    });
    await page.goto(editor.workbenchUrl());
    await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
  },
  /** A failed journey leaves a screenshot and the open pages, so CI failures can be read afterwards. */
  async afterEach(this: Mocha.Context) {
    if (this.currentTest?.state !== 'failed' || !world.page) return;
    const name = `failed-${(this.currentTest.title ?? 'test').replace(/[^a-z0-9]+/gi, '-').slice(0, 60)}`;
    await screenshot(name).catch(() => undefined);
    // Journeys in a second editor (an untrusted folder) have their own page: pictured too.
    const others = world.page
      .context()
      .pages()
      .filter((p) => p !== world.page && p.url().startsWith('http'));
    for (const [i, other] of others.entries()) await screenshot(`${name}-page${i + 2}`, other).catch(() => undefined);
    console.log(
      `e2e: screenshot ${name}.png; open pages: ${world.page
        .context()
        .pages()
        .map((p) => p.url())
        .join(' | ')}`,
    );
  },
  async afterAll(this: Mocha.Context) {
    this.timeout(60_000);
    await world.close?.();
    await stopAll();
  },
};
