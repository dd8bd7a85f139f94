import assert from 'node:assert/strict';
import { collapseAll, expand, palette, pickUserOnLoginPage, quickInputSteps, row, selectedRow, sidebar } from './ui';
import { screenshot, world } from './world';

// Issue 29, item 3: after Add Connection the next step is offered where the user looks. The address is pasted through
// the real prompts; the new row opens at its Sign in row and the notification offers Sign In, which goes through the
// sandbox's login page for that connection. The connection is removed afterwards, so later journeys see the tree as
// they left it.

const LABEL = 'Staging (pasted)';

describe('Add Connection, then Sign In from its notification (UI)', () => {
  after(async function () {
    this.timeout(60_000);
    const { page } = world;
    await palette('Orchestrator: Remove Connection…');
    const { atStep, pickRow } = quickInputSteps(page);
    await atStep('Remove which connection?');
    await pickRow(LABEL);
    await page
      .locator('.monaco-dialog-box .monaco-button', { hasText: /^Remove$/ })
      .first()
      .click();
    await row(LABEL).waitFor({ state: 'detached', timeout: 20_000 });
  });

  it('offers Sign In in the notification and at the new row; the notification signs in to that connection', async function () {
    this.timeout(150_000);
    const { page, sandbox } = world;
    if (!(await sidebar().locator('.pane-header', { hasText: 'Orchestrator' }).first().isVisible()))
      await page.locator('.activitybar [aria-label^="Orchestrator"]').first().click();
    // Earlier journeys leave folders expanded: the new connection's row is below them, outside the rendered rows.
    await collapseAll('Orchestrator');

    await palette('Orchestrator: Add Connection…');
    const { quickInput, atStep, pickRow } = quickInputSteps(page);
    await atStep('Add Connection: paste the address');
    await quickInput.locator('input').fill(`${sandbox.url}/sandbox/staging/jobs?fid=1`);
    await page.keyboard.press('Enter');
    await atStep('Add Connection: read from the address');
    await pickRow('then name the connection');
    await atStep('Add Connection: name');
    await quickInput.locator('input').fill(LABEL);
    await page.keyboard.press('Enter');
    await atStep('Add Connection: protection');
    await pickRow('changes run as asked');

    // The notification offers Sign In, and the row is there, open at its Sign in row (selected).
    const toast = page.locator('.notification-toast', { hasText: `Added the connection '${LABEL}'` }).first();
    await toast.waitFor({ timeout: 20_000 });
    const added = row(LABEL);
    await added.waitFor({ timeout: 30_000 });
    assert.match(await added.innerText(), /signed out/);
    const signInRow = row('Sign in to see the folders of this tenant');
    await signInRow.waitFor({ timeout: 20_000 });
    await selectedRow('Sign in to see the folders of this tenant');
    assert.equal(await added.getAttribute('aria-expanded'), 'true');
    await screenshot('36-add-connection-offers-sign-in');

    const opened = page.context().waitForEvent('page', { timeout: 30_000 });
    await toast.locator('.monaco-button', { hasText: /^Sign In$/ }).click();
    // VS Code may ask once whether the extension may sign in with this provider.
    const allow = page.locator('.monaco-dialog-box .monaco-button', { hasText: /^Allow$/ }).first();
    const login = await Promise.race([opened, allow.waitFor({ timeout: 20_000 }).then(() => undefined)]);
    if (!login) await allow.click();
    await pickUserOnLoginPage(login ? Promise.resolve(login) : opened, 'developer');

    // Signed in to the new connection: its row leaves "signed out" and its folders load.
    await row(LABEL).filter({ hasNotText: 'signed out' }).waitFor({ timeout: 45_000 });
    await collapseAll('Orchestrator');
    await expand(LABEL);
    await row(/^Shared/).waitFor({ timeout: 30_000 });
    await screenshot('37-add-connection-signed-in');
    assert.equal(await page.locator('.notification-toast', { hasText: 'Sign In failed' }).count(), 0);
    await collapseAll('Orchestrator');
  });
});
