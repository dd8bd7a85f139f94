// The job panel on jobs started here, through the editor's own UI (issue 31's acceptance): the state moves live to
// Faulted and to Successful, Run Again and Stop go through the prompts a user answers, a fault of the workspace's
// sample project lands in the Problems panel and opens at its line, a later successful run clears it, and the panel
// comes back after Reload Window. The sandbox decides outcomes by input (sandbox/README.md, "The sample project"):
// `in_InvoiceTotal` 0 faults in Process Invoice.xaml line 10, 1250.5 succeeds.
import assert from 'node:assert/strict';
import { screenshot, world } from './world';
import { palette, printConsoleOnFailure, resetTally, setTheme, tally, webview, writes } from './ui';

const PROCESS = 'Invoice.Processing_Production';
const FOLDER = 'Zurich Operations/Accounts Payable';
const FAULT = 'Invoice total is missing for INV-20431';

const quickInput = () => world.page.locator('.quick-input-widget');
const stepTitle = () => quickInput().locator('.quick-input-title');

/**
 * Answers Start Job's steps as a user types them, whatever the order of the argument steps: A number of jobs, 1, then
 * each argument named in `values` typed over what is filled in (the others left as they are), then Start.
 */
async function answerStartJob(values: Record<string, string>): Promise<void> {
  const { page } = world;
  const input = quickInput().locator('input');
  let previous = '';
  for (let step = 0; step < 12; step++) {
    // The next step: its title differs from the one just answered.
    await page.waitForFunction(
      (before) => {
        const title = document.querySelector('.quick-input-widget .quick-input-title')?.textContent ?? '';
        return title.startsWith('Start Job') && title !== before;
      },
      previous,
      { timeout: 30_000 },
    );
    const title = (await stepTitle().first().textContent()) ?? '';
    previous = title;
    if (/: confirm\b/.test(title)) {
      const start = page.locator('.quick-input-list .monaco-list-row', { hasText: `Start ${PROCESS}` }).first();
      await start.waitFor({ timeout: 30_000 });
      await input.fill('Start');
      await page
        .locator('.quick-input-list .monaco-list-row.focused', { hasText: `Start ${PROCESS}` })
        .first()
        .waitFor({ timeout: 10_000 });
      await page.keyboard.press('Enter');
      return;
    }
    if (/: robots\b/.test(title)) {
      await input.fill('number');
      await page
        .locator('.quick-input-list .monaco-list-row.focused', { hasText: /A number of jobs/ })
        .first()
        .waitFor({ timeout: 10_000 });
    } else if (/: how many jobs\b/.test(title)) await input.fill('1');
    else {
      const name = Object.keys(values).find((n) => title.includes(`: ${n} (`));
      if (name !== undefined) await input.fill(values[name]!);
    }
    await page.keyboard.press('Enter');
  }
  throw new Error(`Start Job asked more than 12 steps; the last: ${previous}`);
}

/** A step of a quick input, awaited by its title: types the text and picks the row it focuses. */
async function pickTyped(title: string, text: string): Promise<void> {
  await stepTitle().filter({ hasText: title }).waitFor({ timeout: 30_000 });
  await quickInput().locator('input').fill(text);
  await world.page
    .locator('.quick-input-list .monaco-list-row.focused', { hasText: text })
    .first()
    .waitFor({ timeout: 30_000 });
  await world.page.keyboard.press('Enter');
}

/** The "Started a job" notification's Show Job: the panel of the job just started. */
async function showStartedJob(): Promise<void> {
  const started = world.page
    .locator('.notifications-toasts .notification-toast', { hasText: `Started a job of ${PROCESS} in ` })
    .first();
  await started.waitFor({ timeout: 30_000 });
  const tabs = world.page.locator('.tab', { hasText: `Job: ${PROCESS}` });
  const before = await tabs.count();
  await started.locator('.monaco-button', { hasText: 'Show Job' }).click();
  await world.page.waitForFunction(
    ({ text, count }) =>
      [...document.querySelectorAll('.tab')].filter((t) => t.textContent?.includes(text)).length > count,
    { text: `Job: ${PROCESS}`, count: before },
    { timeout: 30_000 },
  );
  // Only the new panel stays open, so the newest webview is the one read.
  await palette('View: Close Other Editors in Group');
  await webview().locator('#job-details').waitFor({ timeout: 30_000 });
}

/** Clears the notifications, so the next "Started a job" is the only one. */
const clearNotifications = () => palette('Notifications: Clear All Notifications');

/** The state badge of the panel shown, once it says one of these. */
const stateBecomes = (state: RegExp, timeout = 60_000) =>
  webview().locator('#job-state', { hasText: state }).waitFor({ timeout });

/** The problem rows of the Problems panel showing this text. */
const problemRows = (text: string) => world.page.locator('.markers-panel .monaco-list-row', { hasText: text });

describe('Job panel live: faults to source, Run Again, Stop, reload (UI, large sandbox)', () => {
  printConsoleOnFailure();

  it('a started job moves live to Faulted in its panel; its fault lands in Problems and opens at its line', async function () {
    this.timeout(240_000);
    const { page } = world;
    await clearNotifications();
    await palette('Orchestrator: Start Job…');
    await pickTyped('Start Job: folder', FOLDER);
    await pickTyped('Start Job: process', PROCESS);
    await answerStartJob({ in_InvoiceNumber: 'INV-20431', in_InvoiceTotal: '0' });
    await showStartedJob();

    const frame = webview();
    // A mark on the page: still there at the end, so the panel moved without loading its page again.
    await frame.locator('body').evaluate((body) => body.setAttribute('data-e2e-page', 'first'));
    await stateBecomes(/^(Pending|Running)$/);
    await frame.locator('#job-input th', { hasText: 'in_InvoiceTotal' }).waitFor();
    // Following: while it runs, the log's line count grows and the last line stays in view.
    await stateBecomes(/^Running$/);
    // The log's position ("Line n of m"; the history's counters share the class).
    const counter = frame.locator('.counter', { hasText: /^Line [\d,]+ of [\d,]+$/ });
    await counter.waitFor({ timeout: 30_000 });
    const firstCount = (await counter.textContent()) ?? '';
    assert.equal(await frame.locator('#log-follow').isChecked(), true, 'a running job is followed');
    await counter.filter({ hasNotText: new RegExp(`^${firstCount}$`) }).waitFor({ timeout: 30_000 });
    await stateBecomes(/^Faulted$/);
    assert.equal(await frame.locator('body').getAttribute('data-e2e-page'), 'first', 'the same page, not reloaded');
    await frame.locator('#job-info', { hasText: FAULT }).waitFor({ timeout: 30_000 });
    await frame.locator('#job-details', { hasText: /Ended/ }).waitFor();
    assert.equal(await frame.locator('#stop').getAttribute('disabled'), '', 'a finished job cannot be stopped');
    await frame.locator('#log-first-error').click();
    await frame.locator('#log-lines .log-row.marked.level-error').waitFor({ timeout: 30_000 });

    // The light theme, for the README (beside the dark picture of the long log).
    // The watcher's notification of the fault comes after the panel's: cleared once it is there.
    await page
      .locator('.notification-toast', { hasText: `${PROCESS}: Faulted after` })
      .first()
      .waitFor({ timeout: 30_000 });
    await clearNotifications();
    await setTheme('Light Modern');
    await page.locator('.monaco-workbench.vs').waitFor({ timeout: 10_000 });
    // Repainted: the side bar's background is light.
    await page.waitForFunction(
      () => {
        const [r, g, b] = (
          getComputedStyle(document.querySelector('.part.sidebar')!).backgroundColor.match(/\d+/g) ?? []
        ).map(Number);
        return (r ?? 0) + (g ?? 0) + (b ?? 0) > 600;
      },
      undefined,
      { timeout: 10_000 },
    );
    await frame.locator('h1').scrollIntoViewIfNeeded();
    await page.waitForTimeout(500);
    await screenshot('28-job-panel-light');
    await setTheme('Dark Modern');
    await page.locator('.monaco-workbench.vs-dark').waitFor({ timeout: 10_000 });

    // The Problems panel: the fault on Process Invoice.xaml; a click opens the file at line 10.
    await palette('View: Focus Problems (Errors, Warnings, Infos)');
    const problem = problemRows(FAULT).first();
    await problem.waitFor({ timeout: 60_000 });
    await page.locator('.markers-panel .monaco-list-row', { hasText: 'Process Invoice.xaml' }).first().waitFor();
    await problem.click();
    await page.locator('.tab.active', { hasText: 'Process Invoice.xaml' }).waitFor({ timeout: 30_000 });
    await page.locator('.statusbar-item', { hasText: /^Ln 10, Col \d+/ }).waitFor({ timeout: 30_000 });
    await page.waitForTimeout(500);
    await screenshot('29-problems-fault');
  });

  it('Run Again from the panel with a good total: the new job moves live to Successful and clears the problem', async function () {
    this.timeout(240_000);
    const { page } = world;
    await page
      .locator('.tab', { hasText: `Job: ${PROCESS}` })
      .first()
      .click();
    await stateBecomes(/^Faulted$/, 30_000);
    const faultedKey = await webview().locator('#job-details code').textContent();
    await clearNotifications();
    await webview().locator('#run-again').click();
    // Start Job's own steps, filled in with the job's arguments: the total typed over.
    await answerStartJob({ in_InvoiceTotal: '1250.5' });
    await showStartedJob();
    const frame = webview();
    const key = await frame.locator('#job-details code').textContent();
    assert.notEqual(key, faultedKey, 'a new job');
    await frame.locator('#job-input td', { hasText: '1250.5' }).waitFor();
    await stateBecomes(/^Successful$/);
    await frame.locator('#job-output th', { hasText: 'out_Result' }).waitFor({ timeout: 30_000 });
    await palette('View: Focus Problems (Errors, Warnings, Infos)');
    await page.locator('.markers-panel').waitFor();
    await page.waitForFunction(
      (fault) =>
        ![...document.querySelectorAll('.markers-panel .monaco-list-row')].some((r) => r.textContent?.includes(fault)),
      FAULT,
      { timeout: 30_000 },
    );
  });

  it('Stop from the panel asks in a modal first; declined nothing is sent, confirmed the job stops', async function () {
    this.timeout(240_000);
    const { page } = world;
    await stateBecomes(/^Successful$/, 30_000);
    await clearNotifications();
    await webview().locator('#run-again').click();
    await answerStartJob({});
    await showStartedJob();
    const frame = webview();
    await stateBecomes(/^Running$/);
    const dialog = page.locator('.monaco-dialog-box', { hasText: `Stop ${PROCESS}` });
    await resetTally();
    await frame.locator('#stop').click();
    await dialog.waitFor({ timeout: 30_000 });
    await dialog.locator('.monaco-button', { hasText: /^Cancel$/ }).click();
    await dialog.waitFor({ state: 'detached', timeout: 10_000 });
    assert.equal(writes(await tally()), 0, 'declined: nothing sent');
    assert.match((await frame.locator('#job-state').textContent()) ?? '', /^Running$/);
    await frame.locator('#stop').click();
    await dialog.waitFor({ timeout: 30_000 });
    await dialog.locator('.monaco-button', { hasText: /^Stop$/ }).click();
    await stateBecomes(/^(Stopping|Stopped)$/);
    await stateBecomes(/^Stopped$/);
    const counts = await tally();
    assert.equal(writes(counts), 1, JSON.stringify(counts));
  });

  it('after Reload Window the panel comes back showing the same job', async function () {
    this.timeout(180_000);
    const { page } = world;
    const key = await webview().locator('#job-details code').textContent();
    assert.ok(key);
    await palette('Developer: Reload Window');
    await page.waitForEvent('load', { timeout: 60_000 });
    await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    // The panel's tab, in front (a webview in a tab behind is not drawn until it is shown).
    await page
      .locator('.tab', { hasText: `Job: ${PROCESS}` })
      .first()
      .click({ timeout: 60_000 });
    const restored = webview();
    await restored.locator('#job-details code', { hasText: key }).waitFor({ timeout: 60_000 });
    await restored.locator('#job-state', { hasText: /^Stopped$/ }).waitFor();
    await restored.locator('h1 .title', { hasText: PROCESS }).waitFor();
    await page
      .locator('.tab', { hasText: `Job: ${PROCESS}` })
      .first()
      .waitFor();
    await palette('View: Close All Editors');
    // The Problems panel this spec opened is put away for the journeys after it.
    await palette('View: Hide Panel');
  });
});
