// Issue 20: a first run that works for a user. In an editor of its own with the editor's default for opening
// walkthroughs, Get Started opens by itself on the first run, lists its six steps, and checks a step off when the user
// does it (signing in through the login page checks "Sign in"; the keys of the others: test/unit/walkthrough.test.ts).
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { startEditor, type RunningEditor } from '../harness/editor';
import { sandboxEditorEnvironment, sandboxEditorSettings } from '../harness/sandboxConnection';
import { pickUserOnLoginPage } from './ui';
import { screenshot, world } from './world';

const STEPS = ['Add a connection', 'Sign in', 'Pick a folder', 'Start a job', 'Read its log', 'Open a queue item'];

describe('Get Started on a first run (UI)', () => {
  let editor: RunningEditor;
  let page: Page;
  const step = (title: string) => page.locator('.getting-started-step', { hasText: title }).first();
  const checked = async (title: string) => (await step(title).getAttribute('aria-checked')) === 'true';

  before(async function () {
    this.timeout(180_000);
    editor = await startEditor({
      name: 'e2e-walkthrough',
      installExtension: true,
      env: sandboxEditorEnvironment(world.sandbox),
      settings: {
        'workbench.colorTheme': 'Default Dark Modern',
        ...sandboxEditorSettings(world.sandbox),
        'workbench.welcomePage.walkthroughs.openOnInstall': true,
      },
    });
    page = await world.page.context().newPage();
    await page.goto(editor.workbenchUrl());
    await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
  });

  after(async function () {
    this.timeout(60_000);
    await page?.close();
    await editor?.stop();
  });

  it('opens by itself with its six steps; signing in through the login page checks Sign in off', async function () {
    this.timeout(240_000);
    await page
      .locator('.gettingStartedContainer', { hasText: 'Get started with Orchestrator Workbench' })
      .first()
      .waitFor({
        timeout: 60_000,
      });
    for (const title of STEPS) await step(title).waitFor({ timeout: 10_000 });
    await screenshot('32-get-started-first-run', page);

    // The step's own button, then the editor's question and the sandbox's login page, as a user goes.
    await step('Sign in').click();
    await page.locator('.getting-started-step.expanded .monaco-button', { hasText: 'Sign In' }).first().click();
    const allow = page.locator('.monaco-dialog-box .monaco-button', { hasText: /^Allow$/ }).first();
    await allow.waitFor({ timeout: 20_000 });
    const opened = page.context().waitForEvent('page', { timeout: 30_000 });
    await allow.click();
    await pickUserOnLoginPage(opened, 'developer');
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('.getting-started-step[aria-checked="true"]')].some((s) =>
          s.textContent?.includes('Sign in'),
        ),
      undefined,
      { timeout: 45_000 },
    );
    assert.equal(await checked('Pick a folder'), false, 'nothing else is checked off by signing in');
    await screenshot('33-get-started-signed-in', page);
  });
});
