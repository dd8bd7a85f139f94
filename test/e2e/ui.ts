// Locators and moves the UI journeys share.
import type { Locator } from 'playwright-core';
import { world } from './world';

export const sidebar = () => world.page.locator('.part.sidebar');

/** A row of the Orchestrator view by its text (rows are virtualised: only the ones on screen exist). */
export const row = (text: string | RegExp): Locator => sidebar().locator('.pane-body').nth(0).locator('.monaco-list-row', { hasText: text }).first();

export const expand = async (text: string | RegExp) => {
  const target = row(text);
  await target.waitFor({ timeout: 30_000 });
  if ((await target.getAttribute('aria-expanded')) !== 'true') await target.click();
  return target;
};

export const collapseAll = async (view: string) => {
  const header = sidebar().locator('.pane-header', { hasText: view }).first();
  await header.hover();
  await header.locator('.action-label[aria-label^="Collapse All"]').click();
};

/** Runs a command from the palette by its full title ("Orchestrator: …"). */
export const palette = async (command: string) => {
  const { page } = world;
  await page.keyboard.press('Escape');
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor();
  await input.fill(`>${command}`);
  // The row whose label is the command (fuzzy matching may rank another first), chosen with the pointer.
  const exact = page.locator('.quick-input-list .monaco-list-row').filter({ has: page.locator('.label-name', { hasText: new RegExp(`^${command.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }) }).first();
  await exact.click();
};

/** Filter… from a collection row's inline action: types the text and presses Enter, as a user does. */
export const filterRow = async (text: string | RegExp, filter: string) => {
  await row(text).hover();
  await row(text).locator('.action-label[aria-label^="Filter…"]').click();
  const input = world.page.locator('.quick-input-widget input');
  await input.waitFor();
  await input.fill(filter);
  await world.page.keyboard.press('Enter');
};
