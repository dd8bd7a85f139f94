import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { accountsMenuSignInEntry, palette, pickUserOnLoginPage } from './ui';
import { screenshot, world } from './world';

// A user who closes the login tab without finishing and runs Sign In again: the pending sign-in is replaced at once
// (the editor would otherwise join the new request to the pending one and wait for its 5-minute timeout). Starts and
// ends signed in, as signIn.test.ts leaves the editor.

/** The wait for the login page: far below the pending sign-in's 5 minutes, far above a replacement's few seconds. */
const LOGIN_PAGE_WAIT_MS = 20_000;

/** Sign In from the palette: resolves with the login page. */
async function signInFromPalette(page: Page): Promise<Page> {
  const opened = page.context().waitForEvent('page', { timeout: LOGIN_PAGE_WAIT_MS });
  await palette('Orchestrator: Sign In');
  return throughConsent(page, opened);
}

/** Through the editor's consent dialog if it asks before the login page opens. */
async function throughConsent(page: Page, opened: Promise<Page>): Promise<Page> {
  opened.catch(() => undefined);
  const allow = page.locator('.monaco-dialog-box .monaco-button', { hasText: /^Allow$/ }).first();
  const asked = await Promise.race([
    allow.waitFor({ timeout: LOGIN_PAGE_WAIT_MS }).then(
      () => true,
      () => false,
    ),
    opened.then(
      () => false,
      () => false,
    ),
  ]);
  if (asked) await allow.click();
  return opened;
}

/** The page of the sandbox's login form, closed by the user without choosing anyone. */
async function closeUnfinished(login: Page): Promise<void> {
  await login.locator('#user-developer').waitFor({ timeout: 30_000 });
  await login.close();
}

/** Sign In from the Accounts menu's "Sign in with Orchestrator" (the editor's own request): resolves with the login page. */
async function signInFromAccountsMenu(page: Page): Promise<Page> {
  const request = await accountsMenuSignInEntry(page);
  const opened = page.context().waitForEvent('page', { timeout: LOGIN_PAGE_WAIT_MS });
  await request.click();
  return throughConsent(page, opened);
}

const progress = (page: Page) =>
  page.locator('.notifications-toasts .notification-toast', { hasText: 'Signing in to Sandbox' }).first();

describe('Sign in again while a sign-in is pending (UI)', () => {
  it('Sign In again opens a new login page at once, from a pending sign-in of the palette or the Accounts menu; Cancel says so', async function () {
    this.timeout(180_000);
    const { page } = world;
    await palette('Orchestrator: Sign Out');
    await page.locator('.statusbar-item', { hasText: 'signed out' }).first().waitFor({ timeout: 30_000 });

    // The login tab closed unfinished, the progress still running: Sign In again replaces it (the editor would join
    // the two requests), and its own login page opens.
    await closeUnfinished(await signInFromPalette(page));
    await progress(page).waitFor({ timeout: 10_000 });
    await closeUnfinished(await signInFromPalette(page));

    // Cancelled through the notification: it says so.
    await progress(page).hover();
    await progress(page)
      .locator('.monaco-button', { hasText: /^Cancel$/ })
      .click();
    await page
      .locator('.notifications-toasts .notification-toast', { hasText: 'The sign-in to Sandbox (main) was cancelled' })
      .first()
      .waitFor({ timeout: 15_000 });
    await screenshot('04c-sign-in-cancelled');

    // Started from the Accounts menu (the editor's own request) and left unfinished: Sign In replaces it too.
    await closeUnfinished(await signInFromAccountsMenu(page));
    await progress(page).waitFor({ timeout: 10_000 });
    await pickUserOnLoginPage(signInFromPalette(page), 'developer');

    await page
      .locator('.statusbar-item', { hasText: 'Sandbox (main)' })
      .filter({ hasNotText: 'signed out' })
      .first()
      .waitFor({ timeout: 45_000 });
    await page
      .locator('.part.sidebar .monaco-list-row', { hasText: 'Sandbox (main)' })
      .filter({ hasNotText: 'signed out' })
      .first()
      .waitFor({ timeout: 30_000 });
    // The replaced sign-ins said nothing: no failure, no timeout.
    assert.equal(await page.locator('.notification-toast', { hasText: 'Sign In failed' }).count(), 0);
    assert.equal(
      await page.locator('.notification-toast', { hasText: 'did not complete within 5 minutes' }).count(),
      0,
    );
    await progress(page).waitFor({ state: 'detached', timeout: 10_000 });
  });
});
