import assert from 'node:assert/strict';
import { collapseAll, palette, readUserSettings, resetTally, tally, writes, writeUserSettings } from './ui';
import { screenshot, world } from './world';

// Issue 29, item 4: with only read-only connections signed in (and another, signed out, that allows changes, so the
// palette offers Start Job), Start Job says so at once, naming the connection and how to allow changes — no folder
// picker first, nothing sent.

describe('Change commands from the palette on read-only connections (UI)', () => {
  let before: Record<string, unknown> | undefined;

  after(async function () {
    this.timeout(60_000);
    // Later journeys start from the suite's own connection, signed in and allowing changes.
    if (before) await writeUserSettings(before);
  });

  it('Start Job names the read-only connection and Edit Connection before any picker, and sends nothing', async function () {
    this.timeout(120_000);
    const { page } = world;
    // Folded first: the tree redrawn for the new settings then reads nothing, and what is sent is the command's.
    await collapseAll('Orchestrator');
    before = readUserSettings();
    const [main] = before['orchestrator.connections'] as Record<string, unknown>[];
    await writeUserSettings({
      ...before,
      'orchestrator.connections': [
        { ...main, protection: 'readOnly' },
        { ...main, label: 'Staging', tenant: 'staging', protection: 'normal' },
      ],
    });
    await page.waitForTimeout(2000);
    await resetTally();

    await palette('Orchestrator: Start Job…');
    const told = page
      .locator('.notifications-toasts .notification-toast', {
        hasText: /Sandbox \(main\) is read-only, so Start Job cannot run there/,
      })
      .first();
    await told.waitFor({ timeout: 30_000 });
    assert.match(await told.innerText(), /Edit Connection/);
    await page.waitForTimeout(1000); // the toast fades in: let it paint before the picture
    await screenshot('26-start-job-read-only');
    const title = page.locator('.quick-input-widget .quick-input-title');
    assert.equal(await title.filter({ hasText: /Start Job/ }).count(), 0, 'no picker of Start Job shows');
    const counts = await tally();
    assert.equal(writes(counts), 0, JSON.stringify(counts));
    assert.ok(!Object.keys(counts).some((route) => /Folders|Releases/.test(route)), JSON.stringify(counts));

    // Its button goes straight to the connection's fields, where Protection is.
    await told.locator('.monaco-button', { hasText: /^Edit Connection…$/ }).click();
    await title.filter({ hasText: 'Edit Sandbox (main)' }).waitFor({ timeout: 30_000 });
    await page
      .locator('.quick-input-list .monaco-list-row', { hasText: /^Protection/ })
      .first()
      .waitFor();
    await page.keyboard.press('Escape');
  });
});
