import assert from 'node:assert/strict';
import { screenshot, world } from './world';
import { collapseAll, expand, filterRow, sidebar } from './ui';

describe('Jobs and logs (UI, large sandbox)', () => {
  it('starts a job from a package context menu with typed arguments, then tails its log as it scrolls', async function () {
    this.timeout(180_000);
    const { page } = world;
    // Room for the Orchestrator rows: the Ideas pane (opened by an earlier journey) is folded.
    const ideas = sidebar().locator('.pane-header', { hasText: 'Ideas' }).first();
    if ((await ideas.getAttribute('aria-expanded')) === 'true') await ideas.click();
    await collapseAll('Orchestrator');
    await expand('Sandbox');
    await expand(/^Shared/);
    // The feed, filtered: Packages › Feed is the first row under Packages.
    await expand(/^Packages/);
    await filterRow(/^Feed/, 'Invoice.Processing');
    await expand(/^Feed/);
    const pkg = sidebar()
      .locator('.monaco-list-row[aria-level="5"]', { hasText: /^Invoice\.Processing/ })
      .first();
    await pkg.waitFor({ timeout: 30_000 });
    // The row redraws once with its count after the first page: act on the redrawn row.
    await sidebar()
      .locator('.monaco-list-row', { hasText: /^Feed/ })
      .filter({ hasText: /\b1\b/ })
      .first()
      .waitFor({ timeout: 30_000 });
    await page.waitForTimeout(1000);
    await pkg.click({ button: 'right' });
    // Hover and Enter, as a keyboard user would (a mouse click on the menu closes it before the row is handed over).
    const startItem = page.locator('.monaco-menu .action-label', { hasText: 'Start Job…' }).first();
    await startItem.waitFor();
    await startItem.hover();
    await page.keyboard.press('Enter');

    // The multi-step input: robots, how many, then one typed field per declared input argument, then a summary.
    const input = page.locator('.quick-input-widget input');
    const title = page.locator('.quick-input-widget .quick-input-title');
    /** Picks by typing to filter, then Enter: the keyboard path (a hover tooltip cannot get in the way). */
    const choose = async (stepTitle: RegExp, item: RegExp, filter: string) => {
      await title.filter({ hasText: stepTitle }).waitFor({ timeout: 30_000 });
      await page.locator('.quick-input-list .monaco-list-row', { hasText: item }).first().waitFor({ timeout: 30_000 });
      await input.fill(filter);
      await page
        .locator('.quick-input-list .monaco-list-row.focused', { hasText: item })
        .first()
        .waitFor({ timeout: 10_000 });
      await page.keyboard.press('Enter');
    };
    const type = async (stepTitle: RegExp, text: string) => {
      await title.filter({ hasText: stepTitle }).waitFor({ timeout: 30_000 });
      await input.fill(text);
      await page.keyboard.press('Enter');
    };
    await choose(/robots/, /A number of jobs/, 'number');
    await type(/how many jobs/, '1');
    // A wrong value is flagged as typed and not accepted.
    await title.filter({ hasText: /in_Threshold/ }).waitFor({ timeout: 30_000 });
    await title.filter({ hasText: /in_Threshold/ }).waitFor();
    await type(/in_Threshold/, '');
    await page
      .locator('.quick-input-widget .quick-input-message', { hasText: /required/ })
      .first()
      .waitFor({ timeout: 10_000 });
    await type(/in_Threshold/, 'Q4 close');
    await title.filter({ hasText: /in_Region/ }).waitFor();
    await input.fill('five');
    await page
      .locator('.quick-input-widget .quick-input-message', { hasText: /whole number/ })
      .first()
      .waitFor({ timeout: 10_000 });
    await type(/in_Region/, '7');
    await title.filter({ hasText: /confirm/ }).waitFor({ timeout: 30_000 });
    // The summary: one row per argument sent, each readable whole.
    await page
      .locator('.quick-input-list .monaco-list-row', { hasText: /in_Threshold\s*"Q4 close"/ })
      .first()
      .waitFor();
    await page
      .locator('.quick-input-list .monaco-list-row', { hasText: /in_Region\s*7/ })
      .first()
      .waitFor();
    await page.waitForTimeout(1500); // the widget fades in: let it paint before the picture
    await screenshot('11-start-job-summary');
    await choose(/confirm/, /Start Invoice\.Processing_Production/, 'Start');

    // Started: the notification offers the logs; the status bar shows the watched job.
    const started = page
      .locator('.notifications-toasts .notification-toast', {
        hasText: /Started a job of Invoice\.Processing_Production/,
      })
      .first();
    await started.waitFor({ timeout: 30_000 });
    await page
      .locator('.statusbar-item', { hasText: /Invoice\.Processing_Production: (Pending|Running)/ })
      .first()
      .waitFor({ timeout: 30_000 });
    await started.locator('.monaco-button', { hasText: 'Show Logs' }).click();
    const editor = page.locator('.editor-instance .monaco-editor').first();
    await editor.waitFor({ timeout: 30_000 });
    await page
      .locator('.tab', { hasText: /Invoice\.Processing_Production #\d+\.log/ })
      .first()
      .waitFor({ timeout: 30_000 });
    // Following: the visible line numbers move down as lines arrive.
    const lastLine = async () =>
      Math.max(0, ...(await editor.locator('.line-numbers').allInnerTexts()).map(Number).filter(Number.isFinite));
    await page.waitForFunction(() => document.querySelectorAll('.editor-instance .view-line').length > 5, undefined, {
      timeout: 30_000,
    });
    const first = await lastLine();
    await page.waitForTimeout(3000);
    const later = await lastLine();
    assert.ok(later > first && later > 30, `the tail scrolled: last visible line ${first} → ${later}`);
    await screenshot('12-log-tail');
    // The end: the notification names the outcome and the duration.
    await page
      .locator('.notifications-toasts .notification-toast', {
        hasText: /Invoice\.Processing_Production: Successful after \d+ s/,
      })
      .first()
      .waitFor({ timeout: 60_000 });
    await editor
      .locator('.view-line', { hasText: /every\sline\shas\sbeen\sread/ })
      .first()
      .waitFor({ timeout: 30_000 });
    await screenshot('13-job-finished');
  });
});
