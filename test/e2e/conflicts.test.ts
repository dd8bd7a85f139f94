import assert from 'node:assert/strict';
import { Api, odata } from '@orchestrator-workbench/sandbox/test-helpers';
import { screenshot, world } from './world';
import { confirmApplySendsOnePatch, editInputValues, palette, resetTally, tally, writes } from './ui';

// Issue 29, item 5: a conflict on Apply (the service's copy changed since the document was opened) offers Compare and
// Apply Again on its notification. Nothing is sent until one is clicked; Apply Again asks as Apply does.

const PROCESS = 'Invoice.Processing_Production';

/** Someone else changes the process's input values, as another client would. */
async function changeBehindTheEditorsBack(input: Record<string, unknown>): Promise<void> {
  const api = await Api.as(world.sandbox, 'admin');
  const [shared] = (await api.get(odata('Folders', { $filter: "DisplayName eq 'Shared'" }))).body.value as {
    Id: number;
  }[];
  const folderId = shared!.Id;
  const [release] = (await api.get(odata('Releases', { $filter: `Name eq '${PROCESS}'` }), { folderId })).body
    .value as { Id: number }[];
  const res = await api.call(odata(`Releases(${release!.Id})`), {
    method: 'PATCH',
    body: { Arguments: { Input: JSON.stringify(input) } },
    folderId,
  });
  assert.ok(res.status < 300, `the sandbox took the change: ${res.status}`);
}

describe('A conflict on Apply to Service (UI, large sandbox)', () => {
  it('offers Compare and Apply Again; nothing is sent before a click, Apply Again asks first and sends once', async function () {
    this.timeout(150_000);
    const { page } = world;
    const editor = await editInputValues(PROCESS);
    const conflict = page
      .locator('.notifications-toasts .notification-toast', { hasText: /changed on the service since you started/ })
      .first();
    const type = async (text: string) => {
      await editor.click();
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.press('Backspace');
      await page.keyboard.insertText(text);
      // The editor's default auto-save stores it: a draft, nothing sent.
      await page.locator('.tabs-container .tab.dirty').waitFor({ state: 'detached', timeout: 15_000 });
    };
    const applyFromLens = () =>
      page.locator('.codelens-decoration a', { hasText: 'Apply to Service…' }).first().click();

    // 1. Changed elsewhere after the document opened; Apply refuses with both ways on, and sends nothing.
    await changeBehindTheEditorsBack({ in_Threshold: 'changed elsewhere', in_Region: 3 });
    await type('{ "in_Threshold": "Q1 close", "in_Region": 8 }');
    await resetTally();
    await applyFromLens();
    await conflict.waitFor({ timeout: 30_000 });
    const buttons = await conflict.locator('.monaco-button').allInnerTexts();
    assert.deepEqual(
      buttons.map((b) => b.trim()),
      ['Compare', 'Apply Again', 'Show Log'],
    );
    await screenshot('25-apply-conflict');
    assert.equal(await page.locator('.monaco-dialog-box').count(), 0, 'no confirmation: nothing to confirm yet');
    await page.waitForTimeout(1000);
    assert.equal(writes(await tally()), 0, JSON.stringify(await tally()));

    // 2. Compare: the service's copy beside the draft; still nothing sent.
    await conflict.locator('.monaco-button', { hasText: /^Compare$/ }).click();
    await page.locator('.tab', { hasText: /↔/ }).first().waitFor({ timeout: 30_000 });
    await page
      .locator('.editor-instance .view-line', { hasText: /changed\selsewhere/ })
      .first()
      .waitFor({ timeout: 30_000 });
    assert.equal(writes(await tally()), 0, JSON.stringify(await tally()));
    await palette('View: Close Editor');

    // 3. Changed elsewhere again: Apply Again asks as Apply does, and only Apply sends, once.
    await changeBehindTheEditorsBack({ in_Threshold: 'changed twice', in_Region: 4 });
    await resetTally();
    await applyFromLens();
    await conflict.waitFor({ timeout: 30_000 });
    await conflict.locator('.monaco-button', { hasText: /^Apply Again$/ }).click();
    const dialog = page.locator('.monaco-dialog-box');
    await dialog.waitFor({ timeout: 30_000 });
    assert.match(await dialog.innerText(), new RegExp(`to the input values of ${PROCESS.replace(/\./g, '\\.')}`));
    assert.match(await dialog.innerText(), /in_Region: 4 → 8/, 'listed against what the service holds now');
    assert.equal(writes(await tally()), 0, 'not before the confirmation');
    await confirmApplySendsOnePatch(dialog);
  });
});
