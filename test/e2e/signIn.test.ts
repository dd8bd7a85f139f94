import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { accountsMenuSignInEntry, palette, pickUserOnLoginPage } from './ui';
import { screenshot, world } from './world';

// Signing in the way an `npm start` user does: the connection has no login hint and no prompt=none, so the browser
// tab shows the sandbox's login page and a user is picked there (pickUserOnLoginPage).

/** State, not a transient toast: the status bar leaves its "signed out" warning and the connection row says so. */
async function signedInState(page: Page): Promise<void> {
  const status = page
    .locator('.statusbar-item', { hasText: 'Sandbox (main)' })
    .filter({ hasNotText: 'signed out' })
    .first();
  await status.waitFor({ timeout: 45_000 });
  await page
    .locator('.part.sidebar .monaco-list-row', { hasText: 'Sandbox (main)' })
    .filter({ hasNotText: 'signed out' })
    .first()
    .waitFor();
  // The tree behind the connection works: its folders load.
  const connection = page.locator('.part.sidebar .monaco-list-row', { hasText: 'Sandbox (main)' }).first();
  if ((await connection.getAttribute('aria-expanded')) !== 'true') await connection.click();
  await page.locator('.part.sidebar .monaco-list-row', { hasText: 'Shared' }).first().waitFor({ timeout: 30_000 });
  await connection.click(); // collapsed again for the journeys after
}

async function openAccountsMenu(page: Page): Promise<void> {
  await page.locator('.activitybar [aria-label^="Accounts"]').first().click();
}

describe('Sign in (UI, through the sandbox login page)', () => {
  it('signs in from the palette: allows the extension, picks a user on the login page, lands in the tree', async function () {
    this.timeout(120_000);
    const { page } = world;
    await page.keyboard.press('Escape');
    await page.locator('.statusbar-item', { hasText: 'signed out' }).first().waitFor({ timeout: 30_000 });
    await palette('Orchestrator: Sign In');
    // VS Code asks whether the extension may sign in with this provider.
    const allow = page.locator('.monaco-dialog-box .monaco-button', { hasText: /^Allow$/ }).first();
    await allow.waitFor({ timeout: 20_000 });
    await screenshot('03-sign-in-consent');
    const opened = page.context().waitForEvent('page', { timeout: 30_000 });
    await allow.click();
    const hidden = await pickUserOnLoginPage(opened, 'developer');
    // The request was pushed: the page that went through the proxy carried no redirect URI to mangle.
    assert.deepEqual(hidden.sort(), ['client_id', 'request_uri']);
    await signedInState(page);
    await openAccountsMenu(page);
    await page
      .locator('.monaco-menu .action-label', { hasText: 'developer (Sandbox (main))' })
      .first()
      .waitFor({ timeout: 10_000 });
    // Signed in: the Accounts menu no longer asks to sign in with Orchestrator.
    assert.equal(await page.locator('.monaco-menu .action-label', { hasText: /Sign in with Orchestrator/ }).count(), 0);
    // No progress notification outlives the sign-in, and no error was shown.
    await page
      .locator('.notifications-toasts .notification-toast', { hasText: 'Signing in to Sandbox' })
      .waitFor({ state: 'detached', timeout: 10_000 });
    await screenshot('04-accounts-menu');
    await page.keyboard.press('Escape');
    assert.equal(await page.locator('.notification-toast', { hasText: 'Sign In failed' }).count(), 0);
  });

  it('after Sign Out, signs in again from the Accounts menu through the login page', async function () {
    this.timeout(120_000);
    const { page } = world;
    await palette('Orchestrator: Sign Out');
    // One account: Sign Out signs it out without asking which.
    await page.locator('.statusbar-item', { hasText: 'signed out' }).first().waitFor({ timeout: 30_000 });
    const request = await accountsMenuSignInEntry(page);
    await screenshot('04b-accounts-menu-sign-in');
    const opened = page.context().waitForEvent('page', { timeout: 30_000 });
    await request.click();
    const allow = page.locator('.monaco-dialog-box .monaco-button', { hasText: /^Allow$/ }).first();
    if (await allow.isVisible({ timeout: 3_000 }).catch(() => false)) await allow.click();
    await pickUserOnLoginPage(opened, 'developer');
    await signedInState(page);
    assert.equal(await page.locator('.notification-toast', { hasText: 'Sign In failed' }).count(), 0);
  });
});
