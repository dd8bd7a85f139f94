import assert from 'node:assert/strict';
import { screenshot, world } from './world';
import { confirmApplySendsOnePatch, editInputValues, resetTally, tally, writes } from './ui';

describe("Input values with the browser editor's default auto-save (UI, large sandbox)", () => {
  it('typing and pausing sends nothing; Apply to Service shows the change and sends exactly one request', async function () {
    this.timeout(120_000);
    const { page } = world;
    // The document says what saving does before anything is typed.
    const editor = await editInputValues('Invoice.Processing_Production');
    await resetTally();

    // Type as a user does, with the default auto-save (afterDelay): a half-typed value first, then a whole one.
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('x');
    await page.waitForTimeout(2500);
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Backspace');
    await page.waitForTimeout(300);
    await page.keyboard.insertText('{ "in_Threshold": "Q4 close", "in_Region": 7 }');
    const dirtyTab = page.locator('.tabs-container .tab.dirty');
    await dirtyTab.waitFor({ state: 'detached', timeout: 15_000 }); // auto-save saved it: as a draft
    await page.waitForTimeout(2000);
    assert.equal(writes(await tally()), 0, `no change reached the service: ${JSON.stringify(await tally())}`);
    await page
      .locator('.codelens-decoration', { hasText: /Draft: not applied/ })
      .first()
      .waitFor({ timeout: 15_000 });

    // The explicit act: Apply to Service, which lists what will change.
    await page.locator('.codelens-decoration a', { hasText: 'Apply to Service…' }).first().click();
    const dialog = page.locator('.monaco-dialog-box');
    await dialog.waitFor({ timeout: 30_000 });
    assert.match(await dialog.innerText(), /Apply \d+ changes? to the input values of Invoice\.Processing_Production/);
    assert.match(await dialog.innerText(), /in_Region: .*7/);
    await screenshot('19-apply-input-values');
    await confirmApplySendsOnePatch(dialog);
  });
});
