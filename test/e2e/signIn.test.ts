import assert from 'node:assert/strict';
import { screenshot, world } from './world';

describe('Sign in (UI)', () => {
  it('signs in from the palette, allows the extension, and shows the account in the Accounts menu', async function () {
    this.timeout(90_000);
    const { page } = world;
    await page.keyboard.press('Escape');
    await page.keyboard.press('F1');
    const input = page.locator('.quick-input-widget input');
    await input.waitFor();
    await input.fill('>Orchestrator: Sign In');
    await page.locator('.quick-input-list .monaco-list-row', { hasText: /^.*Orchestrator: Sign In$/ }).first().waitFor();
    await page.keyboard.press('Enter');
    // VS Code asks whether the extension may sign in with this provider.
    const allow = page.locator('.monaco-dialog-box .monaco-button', { hasText: /^Allow$/ }).first();
    await allow.waitFor({ timeout: 20_000 });
    await screenshot('03-sign-in-consent');
    await allow.click();
    // State, not a transient toast: the status bar leaves its "signed out" warning and the view says so.
    const status = page.locator('.statusbar-item', { hasText: 'Sandbox' }).filter({ hasNotText: 'signed out' }).first();
    await status.waitFor({ timeout: 45_000 });
    assert.match(await status.innerText(), /Sandbox/);
    await page.locator('.part.sidebar .monaco-list-row', { hasText: 'Sandbox' }).filter({ hasNotText: 'signed out' }).first().waitFor();
    await page.locator('.activitybar [aria-label^="Accounts"]').first().click();
    const account = page.locator('.monaco-menu .action-label', { hasText: 'developer (Sandbox)' }).first();
    await account.waitFor({ timeout: 10_000 });
    // No progress notification outlives the sign-in.
    await page.locator('.notifications-toasts .notification-toast', { hasText: 'Signing in to Sandbox' }).waitFor({ state: 'detached', timeout: 10_000 });
    await screenshot('04-accounts-menu');
    await page.keyboard.press('Escape');
  });
});
