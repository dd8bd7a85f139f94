import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { palette, pickUserOnLoginPage } from './ui';
import { screenshot, world } from './world';

// A user who closes the login tab without finishing and runs Sign In again: the pending sign-in is replaced at once
// (the editor would otherwise join the new request to the pending one and wait for its 5-minute timeout). Starts and
// ends signed in, as signIn.test.ts leaves the editor.

/** The wait for the login page: far below the pending sign-in's 5 minutes, far above a replacement's few seconds. */
const LOGIN_PAGE_WAIT_MS = 20_000;

/** Sign In from the palette, through the editor's consent dialog if it asks: resolves with the login page. */
async function signInFromPalette(page: Page): Promise<Page> {
  const opened = page.context().waitForEvent('page', { timeout: LOGIN_PAGE_WAIT_MS });
  opened.catch(() => undefined);
  await palette('Orchestrator: Sign In');
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

const progress = (page: Page) =>
  page.locator('.notifications-toasts .notification-toast', { hasText: 'Signing in to Sandbox' }).first();

describe('Sign in again while a sign-in is pending (UI)', () => {
  it('cancels from the progress notification, then replaces an unfinished sign-in: the login page opens at once', async function () {
    this.timeout(180_000);
    const { page } = world;
    await palette('Orchestrator: Sign Out');
    await page.locator('.statusbar-item', { hasText: 'signed out' }).first().waitFor({ timeout: 30_000 });

    // Cancelled through the notification: it says so.
    await closeUnfinished(await signInFromPalette(page));
    await progress(page).hover();
    await progress(page)
      .locator('.monaco-button', { hasText: /^Cancel$/ })
      .click();
    await page
      .locator('.notifications-toasts .notification-toast', { hasText: 'The sign-in to Sandbox (main) was cancelled' })
      .first()
      .waitFor({ timeout: 15_000 });
    await screenshot('04c-sign-in-cancelled');

    // Left pending: the login tab closed, the progress still running. Sign In again replaces it.
    await closeUnfinished(await signInFromPalette(page));
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
    // The replaced sign-in said nothing: no failure, and the one cancel message only.
    assert.equal(await page.locator('.notification-toast', { hasText: 'Sign In failed' }).count(), 0);
    assert.equal(
      await page.locator('.notification-toast', { hasText: 'did not complete within 5 minutes' }).count(),
      0,
    );
    await progress(page).waitFor({ state: 'detached', timeout: 10_000 });
  });
});
