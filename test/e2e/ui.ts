// Locators and moves the UI journeys share.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ConsoleMessage, FrameLocator, Locator, Page } from 'playwright-core';
import type { RunningEditor } from '../harness/editor';
import { world } from './world';

/** The large sandbox's folder whose name needs the encoded folder header. */
export const UNICODE_FOLDER = 'Ünïcode Ørders — 東京';

export const sidebar = (page: Page = world.page) => page.locator('.part.sidebar');

/** What the sandbox answered since the last reset, by "METHOD route". */
export const tally = async (): Promise<Record<string, number>> =>
  ((await (await fetch(`${world.sandbox.url}/__sandbox/requests`)).json()) as { counts: Record<string, number> })
    .counts;
export const resetTally = () => fetch(`${world.sandbox.url}/__sandbox/requests`, { method: 'DELETE' });
/** The requests of a tally that change something (every method but GET). */
export const writes = (counts: Record<string, number>, method?: string) =>
  Object.entries(counts)
    .filter(([route]) => (method ? route.startsWith(`${method} `) : !route.startsWith('GET ')))
    .reduce((sum, [, n]) => sum + n, 0);

/** A row of the Orchestrator view by its text (rows are virtualised: only the ones on screen exist). */
export const row = (text: string | RegExp, page: Page = world.page): Locator =>
  sidebar(page).locator('.pane-body').nth(0).locator('.monaco-list-row', { hasText: text }).first();

export const expand = async (text: string | RegExp, page: Page = world.page) => {
  const target = row(text, page);
  await target.waitFor({ timeout: 30_000 });
  if ((await target.getAttribute('aria-expanded')) !== 'true') await target.click();
  return target;
};

export const collapseAll = async (view: string) => {
  const header = sidebar().locator('.pane-header', { hasText: view }).first();
  await header.hover();
  await header.locator('.action-label[aria-label^="Collapse All"]').click();
};

/**
 * Opens the palette (F1) and types into it. The palette closes whenever focus moves, and the workbench moves focus on
 * its own while it settles (a view that finishes loading, a restored editor): closed before the text is in, it is
 * opened again, up to three times, and the run says so.
 */
export async function typeInPalette(text: string, page: Page = world.page): Promise<void> {
  const input = page.locator('.quick-input-widget input');
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.press('Escape');
    await page.keyboard.press('F1');
    try {
      await input.fill(text, { timeout: 10_000 });
      // Still open, with the text in: a close as the text went in would leave the caller waiting for a row.
      if ((await input.isVisible()) && (await input.inputValue()) === text) return;
      throw new Error(`the palette closed as "${text}" was typed`);
    } catch (error) {
      if (attempt === 3) throw error;
      console.log(`      e2e: the palette closed before "${text}" was typed; opening it again`);
    }
  }
}

/** The newest webview's page: the editor nests it in a frame inside the webview host's frame. */
export const webview = (page: Page = world.page): FrameLocator =>
  page.frameLocator('iframe.webview.ready >> nth=-1').frameLocator('#active-frame');

/**
 * Collects the errors and warnings of every frame (the webviews' consoles are otherwise invisible) while the calling
 * describe runs, and prints the last of them when one of its tests fails.
 */
export function printConsoleOnFailure(): void {
  const errors: string[] = [];
  const onConsole = (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') errors.push(`${message.type()}: ${message.text()}`);
  };
  before(() => world.page.on('console', onConsole));
  after(() => world.page.off('console', onConsole));
  afterEach(function () {
    if (this.currentTest?.state === 'failed') console.log(`e2e: console errors:\n${errors.slice(-30).join('\n')}`);
  });
}

/** Picks a colour theme by name through Preferences: Color Theme, and lets the workbench repaint. */
export async function setTheme(name: string, page: Page = world.page): Promise<void> {
  await palette('Preferences: Color Theme', page);
  // The theme picker, not the palette it replaces.
  const input = page
    .locator(
      '.quick-input-widget input[placeholder*="Color Theme"], .quick-input-widget input[aria-label*="Color Theme"]',
    )
    .first();
  await input.waitFor({ timeout: 10_000 });
  await input.fill(name);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: name }).first().waitFor();
  await page.keyboard.press('Enter');
  await page.waitForTimeout(1_500);
}

/** Runs a command from the palette by its full title ("Orchestrator: …"). */
export const palette = async (command: string, page: Page = world.page) => {
  await typeInPalette(`>${command}`, page);
  // The row whose label is the command (fuzzy matching may rank another first), chosen with the pointer.
  const exact = page
    .locator('.quick-input-list .monaco-list-row')
    .filter({
      has: page.locator('.label-name', { hasText: new RegExp(`^${command.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }),
    })
    .first();
  await exact.click();
};

/** Resolves once the Orchestrator view's selected row shows this text. */
export async function selectedRow(text: string, page: Page = world.page): Promise<void> {
  await page.waitForFunction(
    (wanted) =>
      [...document.querySelectorAll('.part.sidebar .monaco-list-row[aria-selected="true"]')].some((r) =>
        r.textContent?.includes(wanted),
      ),
    text,
    { timeout: 20_000 },
  );
}

/** A multi-step input (Add Connection…): its widget, a step awaited by its title, a row chosen by its text. */
export function quickInputSteps(page: Page = world.page) {
  const quickInput = page.locator('.quick-input-widget');
  return {
    quickInput,
    atStep: (title: string) =>
      quickInput.locator('.quick-input-title', { hasText: title }).first().waitFor({ timeout: 20_000 }),
    pickRow: (text: string) =>
      quickInput.locator('.quick-input-list .monaco-list-row', { hasText: text }).first().click(),
  };
}

/**
 * Edit Input Values of a process of the folder Shared, from its row's context menu; resolves with the document's
 * editor once its lens says what saving does.
 */
export async function editInputValues(process: string): Promise<Locator> {
  const { page } = world;
  await page.keyboard.press('Escape');
  await collapseAll('Orchestrator');
  await expand('Sandbox');
  await expand(/^Shared/);
  await filterRow(/^Processes/, process);
  await expand(/^Processes/);
  const processRow = sidebar()
    .locator('.monaco-list-row[aria-level="4"]', { hasText: new RegExp(`^${process.replace(/\./g, '\\.')}`) })
    .first();
  await processRow.waitFor({ timeout: 30_000 });
  await page.waitForTimeout(1000); // the row redraws once with its count
  await processRow.click({ button: 'right' });
  const edit = page.locator('.monaco-menu .action-label', { hasText: 'Edit Input Values' }).first();
  await edit.waitFor();
  await edit.hover();
  await page.keyboard.press('Enter');
  const editor = page.locator('.editor-instance .monaco-editor').first();
  await editor.waitFor({ timeout: 30_000 });
  await page
    .locator('.codelens-decoration', { hasText: /nothing is sent until you apply it/ })
    .first()
    .waitFor({ timeout: 30_000 });
  return editor;
}

/**
 * Clicks Apply in the confirmation of an input-values Apply, waits for the "Applied" notification, and checks that
 * exactly one write reached the service, a PATCH; then closes the editors.
 */
export async function confirmApplySendsOnePatch(dialog: Locator): Promise<void> {
  await dialog.locator('.monaco-button', { hasText: /^Apply$/ }).click();
  await world.page
    .locator('.notification-toast', { hasText: /Applied \d+ changes? to the input values/ })
    .first()
    .waitFor({ timeout: 30_000 });
  const counts = await tally();
  assert.equal(writes(counts), 1, JSON.stringify(counts));
  assert.equal(writes(counts, 'PATCH'), 1, JSON.stringify(counts));
  await palette('View: Close All Editors');
}

/** Filter… from a collection row's inline action: types the text and presses Enter, as a user does. */
export const filterRow = async (text: string | RegExp, filter: string) => {
  await row(text).hover();
  await row(text).locator('.action-label[aria-label^="Filter…"]').click();
  const input = world.page.locator('.quick-input-widget input');
  await input.waitFor();
  await input.fill(filter);
  await world.page.keyboard.press('Enter');
};

/**
 * The sandbox's login page, opened by a sign-in (through the editor's port proxy, as in the browser editor): picks a
 * user there. Resolves with the page's hidden form fields (what the proxy passed on).
 */
export async function pickUserOnLoginPage(opened: Promise<Page>, user: string): Promise<string[]> {
  const login = await opened;
  await login.locator(`#user-${user}`).waitFor({ timeout: 30_000 });
  const hidden = await login
    .locator('input[type=hidden]')
    .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).name));
  await login.locator(`#user-${user}`).click();
  await login.locator('h1', { hasText: 'Signed in' }).waitFor({ timeout: 30_000 });
  await login.close();
  return hidden;
}

/**
 * The Accounts menu, open on its "Sign in with Orchestrator" entry (returned). The request reaches the menu moments
 * after a sign-out, and the menu shows what it had when opened: opened again until it is there (six tries).
 */
export async function accountsMenuSignInEntry(page: Page = world.page): Promise<Locator> {
  const request = page.locator('.monaco-menu .action-label', { hasText: /Sign in with Orchestrator/ }).first();
  for (let attempt = 0; ; attempt++) {
    await page.locator('.activitybar [aria-label^="Accounts"]').first().click();
    if (
      await request.waitFor({ timeout: 3_000 }).then(
        () => true,
        () => false,
      )
    )
      return request;
    if (attempt === 5) throw new Error('the Accounts menu never offered "Sign in with Orchestrator"');
    await page.keyboard.press('Escape');
  }
}

/** A page of the shared browser on an editor of a journey's own, once its workbench is up. */
export async function openWorkbench(editor: RunningEditor): Promise<Page> {
  const page = await world.page.context().newPage();
  await page.goto(editor.workbenchUrl());
  await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
  return page;
}

/** Get Started again, as from Help › Welcome: Open Walkthrough… */
export async function openGetStarted(page: Page = world.page): Promise<void> {
  await typeInPalette('>Welcome: Open Walkthrough', page);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Open Walkthrough' }).first().click();
  await page
    .locator('.quick-input-list .monaco-list-row', { hasText: 'Get started with Orchestrator Workbench' })
    .first()
    .click();
}

/**
 * A folder nobody trusted yet, as users meet it: the browser editor opens it in Restricted Mode (a desktop editor asks
 * first, and "No" leads to the same place). Resolves once the status bar says Restricted Mode.
 */
export async function inRestrictedMode(page: Page): Promise<void> {
  const restricted = page.locator('.statusbar-item', { hasText: 'Restricted Mode' }).first();
  const distrust = page
    .locator('.monaco-dialog-box .monaco-button', { hasText: /No, I don.t trust the authors/ })
    .first();
  await Promise.race([restricted.waitFor({ timeout: 30_000 }), distrust.waitFor({ timeout: 30_000 })]);
  if (await distrust.isVisible()) await distrust.click();
  await restricted.waitFor({ timeout: 30_000 });
}

/** The user settings file of the UI suite's editor. */
export const userSettingsFile = () => join(world.editor.runDir, 'user-data', 'User', 'settings.json');
export const readUserSettings = () => JSON.parse(readFileSync(userSettingsFile(), 'utf8')) as Record<string, unknown>;

/**
 * Replaces the user settings through the editor's settings editor, as a user edits settings.json (a file changed
 * behind the editor's back is not noticed here); resolves once the file holds them.
 */
export async function writeUserSettings(settings: Record<string, unknown>): Promise<void> {
  const { page } = world;
  await palette('Preferences: Open User Settings (JSON)');
  // The settings open in a modal editor, above any editor a journey left open.
  const editor = page.locator('.modal-editor-part .monaco-editor .view-lines').first();
  await editor.waitFor({ timeout: 20_000 });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(JSON.stringify(settings));
  await page.keyboard.press('ControlOrMeta+S');
  const saved = () => readFileSync(userSettingsFile(), 'utf8') === JSON.stringify(settings);
  for (let i = 0; i < 50 && !saved(); i++) await page.waitForTimeout(200);
  assert.deepEqual(JSON.parse(readFileSync(userSettingsFile(), 'utf8')), settings, 'saved as typed');
  // Closed with its own button.
  await page.locator('.modal-editor-part .action-label[aria-label^="Close Modal Editor"]').first().click();
  await page.locator('.modal-editor-part').waitFor({ state: 'detached', timeout: 10_000 });
}
