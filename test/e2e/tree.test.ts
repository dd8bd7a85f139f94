import assert from 'node:assert/strict';
import { screenshot, world } from './world';
import { collapseAll, expand, filterRow, palette, row, sidebar, UNICODE_FOLDER } from './ui';

describe('Orchestrator tree (UI, large sandbox)', () => {
  it('expands the signed-in tenant, a folder and its jobs, and offers the folder actions', async function () {
    this.timeout(90_000);
    const { page } = world;
    await expand('Sandbox');
    await expand(UNICODE_FOLDER);
    await expand(/^Jobs/);
    await row(/Successful|Faulted|Stopped/).waitFor({ timeout: 30_000 });
    await expand(/^Processes/);
    await row(/_Production/).waitFor();
    await screenshot('05-orchestrator-tree');
    await row(/^Shared/).click({ button: 'right' });
    const menu = page.locator('.monaco-menu .action-label', { hasText: 'Set as Active Folder' }).first();
    await menu.waitFor();
    await screenshot('06-folder-context-menu');
    await menu.hover();
    await page.keyboard.press('Enter');
    const status = page.locator('.statusbar-item', { hasText: 'Sandbox (main) › Shared' }).first();
    await status.waitFor({ timeout: 10_000 });
    assert.match(await status.innerText(), /Sandbox \(main\) › Shared/);
  });

  it('pins a folder to the top and hides another from their menus; both hold after a reload, and come back', async function () {
    this.timeout(150_000);
    const { page } = world;
    const choose = async (target: string | RegExp, action: string) => {
      await row(target).click({ button: 'right' });
      const item = page.locator('.monaco-menu .action-label', { hasText: new RegExp(`^${action}$`) }).first();
      await item.waitFor();
      await item.hover();
      await page.keyboard.press('Enter');
    };
    // The connection's folder rows one level down, top first (the first ones are on screen): Failures, the first row,
    // is not a folder.
    const topLevel = async () =>
      (
        await sidebar()
          .locator('.pane-body')
          .nth(0)
          .locator('.monaco-list-row[aria-level="2"] .label-name')
          .allInnerTexts()
      ).filter((name) => name !== 'Failures');
    const until = async (check: (names: string[]) => boolean, what: string) => {
      for (let i = 0; i < 100; i++) {
        if (check(await topLevel())) return;
        await page.waitForTimeout(200);
      }
      assert.fail(`${what}; the rows were ${(await topLevel()).join(', ')}`);
    };
    await collapseAll('Orchestrator');
    await expand('Sandbox');
    await row(/^Dev Lab/).waitFor({ timeout: 30_000 });
    const before = (await topLevel()).slice(0, 4);
    assert.notEqual(before[1], 'Dev Lab');
    await choose(/^Dev Lab/, 'Pin to Top');
    await until((names) => names[1] === 'Dev Lab', 'Dev Lab is listed first, after Tenant');
    await choose(/^Shared/, 'Hide Folder');
    await until((names) => !names.includes('Shared'), 'Shared is hidden');
    assert.match(await row(/^Dev Lab/).innerText(), /pinned/);
    await screenshot('07b-pinned-folder');

    // Reload Window: the choices are the user's, kept in the editor's storage.
    await Promise.all([page.waitForEvent('load', { timeout: 60_000 }), palette('Developer: Reload Window')]);
    await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    await expand('Sandbox');
    await row(/^Dev Lab/).waitFor({ timeout: 60_000 });
    await until((names) => names[1] === 'Dev Lab' && !names.includes('Shared'), 'the choices hold after a reload');

    // Show Hidden Folders (the connection's menu) lists Shared again, marked; Unhide and Unpin put things back.
    await choose('Sandbox', 'Show Hidden Folders');
    await until((names) => names.includes('Shared'), 'Shared is shown again');
    assert.match(await row(/^Shared/).innerText(), /hidden/);
    await choose(/^Shared/, 'Unhide Folder');
    await choose(/^Dev Lab/, 'Unpin');
    await until((names) => names.slice(0, 4).join() === before.join(), 'the service order is back');
    assert.doesNotMatch(await row(/^Shared/).innerText(), /hidden/);
  });

  it('pages 10,000 packages with Load more from the keyboard, filters them, and offers the package actions', async function () {
    this.timeout(180_000);
    const { page } = world;
    await collapseAll('Orchestrator');
    await expand('Sandbox');
    await expand(UNICODE_FOLDER);
    // Packages shows the packages the folder's processes run; the whole feed is under its last row, Feed.
    await expand(/^Packages/);
    const packages = await expand(/^Feed/);
    // The count comes with the first page; 50 rows and a Load more row follow.
    await sidebar()
      .locator('.monaco-list-row', { hasText: /^Feed/ })
      .filter({ hasText: '10,000' })
      .first()
      .waitFor({ timeout: 30_000 });
    // Keyboard only from here: the expanded row has the focus; 51 rows down is Load more.
    assert.equal(await packages.getAttribute('aria-expanded'), 'true');
    for (let i = 0; i < 51; i++) await page.keyboard.press('ArrowDown');
    const more = row(/Load more… \(9,950 more\)/);
    await more.waitFor({ timeout: 10_000 });
    await page.keyboard.press('Enter');
    await row('Generated.Package').waitFor({ timeout: 30_000 });
    // Running the command took the focus from the list: put it back on a package row (a right-click focuses without
    // expanding), then walk down to the next Load more row, 50 rows further.
    const next = row(/Load more… \(9,900 more\)/);
    await sidebar()
      .locator('.pane-body')
      .nth(0)
      .locator('.monaco-list-row', { hasText: 'Generated.Package' })
      .last()
      .click({ button: 'right' });
    await page.keyboard.press('Escape');
    for (let i = 0; i < 60 && (await next.count()) === 0; i++) await page.keyboard.press('ArrowDown');
    await next.waitFor({ timeout: 10_000 });
    await screenshot('07-load-more');

    // Filter with a hostile text from the row's inline action: it is matched literally, so nothing matches.
    await collapseAll('Orchestrator');
    await expand('Sandbox');
    await expand(UNICODE_FOLDER);
    await expand(/^Packages/);
    await filterRow(/^Feed/, "O'Brien') or (1 eq 1");
    await expand(/^Feed/);
    await row(/Nothing matches “O'Brien'\) or \(1 eq 1”/).waitFor({ timeout: 30_000 });
    await filterRow(/^Feed/, 'Invoice');
    const filtered = row(/^Feed.*filter: “Invoice”/);
    await filtered.waitFor({ timeout: 30_000 });
    const first = sidebar()
      .locator('.monaco-list-row[aria-level="5"]', { hasText: /Invoice/i })
      .first();
    await first.waitFor({ timeout: 30_000 });
    await screenshot('08-filtered-packages');

    await first.click({ button: 'right' });
    const download = page.locator('.monaco-menu .action-label', { hasText: 'Download Package…' }).first();
    await download.waitFor();
    await page.locator('.monaco-menu .action-label', { hasText: 'Copy Key' }).first().waitFor();
    await screenshot('09-package-context-menu');
    await page.keyboard.press('Escape');
  });

  it('shows the Ideas tree once the idea-service credentials are entered', async function () {
    this.timeout(90_000);
    const { page, sandbox } = world;
    await palette('Orchestrator: Set Idea Service Credentials…');
    const input = page.locator('.quick-input-widget input');
    for (const [title, secret] of [
      ['API token', sandbox.ideasToken],
      ['app key', sandbox.ideasAppKey],
    ] as const) {
      await page.locator('.quick-input-widget .quick-input-title', { hasText: title }).waitFor({ timeout: 10_000 });
      await input.fill(secret);
      await page.keyboard.press('Enter');
    }
    await page
      .locator('.notifications-toasts .notification-toast', { hasText: 'Idea-service credentials saved for Sandbox' })
      .first()
      .waitFor({ timeout: 20_000 });
    await collapseAll('Orchestrator');
    const ideas = sidebar().locator('.pane-body').nth(1);
    const ideaRow = (text: string | RegExp) => ideas.locator('.monaco-list-row', { hasText: text }).first();
    const open = async (text: string | RegExp) => {
      const target = ideaRow(text);
      await target.waitFor({ timeout: 30_000 });
      if ((await target.getAttribute('aria-expanded')) !== 'true') await target.click();
    };
    await open('Sandbox');
    await open(/^Pipeline/);
    await open(/^Idea\s*\d/);
    await open(/^Awaiting Review/);
    await ideaRow(/Idea · Awaiting Review/).waitFor({ timeout: 30_000 });
    await screenshot('10-ideas-tree');
  });
});
