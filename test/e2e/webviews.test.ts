import assert from 'node:assert/strict';
import type { ConsoleMessage, Dialog } from 'playwright-core';
import { OrchestratorClient } from '../../src/core/orchestrator/client';
import { eq } from '../../src/core/odata/filter';
import { signIn } from '@orchestrator-workbench/sandbox/test-helpers';
import { screenshot, world } from './world';
import { openGetStarted, palette, setTheme, sidebar, webview } from './ui';

const MARK = 'XSS-FIRED';
/** Each payload would run `console.log(MARK…)` or open a dialog if it were ever parsed as HTML. */
const PAYLOADS = {
  img: `<img src=x onerror="console.log('${MARK}-img');alert('${MARK}-img')">`,
  script: `<script>console.log('${MARK}-script');alert(1)</script>`,
  link: `<a href="javascript:console.log('${MARK}-link')">open</a>`,
  textarea: `</textarea><svg onload="alert('${MARK}-svg')"></svg>`,
};

/** Show Queue Item Details from the palette, up to the key question (the folder typed to filter). */
async function askForQueueItem() {
  const { page } = world;
  await palette('Orchestrator: Show Queue Item Details');
  const input = page.locator('.quick-input-widget input');
  await page
    .locator('.quick-input-widget .quick-input-title', { hasText: 'Show Queue Item: folder' })
    .waitFor({ timeout: 30_000 });
  await input.fill('Shared/Finance/Invoices');
  await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Shared/Finance/Invoices' }).first().waitFor();
  await page.keyboard.press('Enter');
  await page.locator('.quick-input-widget .quick-input-title', { hasText: 'key or id' }).waitFor();
  return input;
}

describe('Webview panels (UI, large sandbox)', () => {
  let itemKey = '';
  const fired: string[] = [];
  const dialogs: string[] = [];
  /** Errors in any frame, printed when a journey fails (the webview's console is otherwise invisible). */
  const errors: string[] = [];
  const onConsole = (message: ConsoleMessage) => {
    if (message.text().includes(MARK)) fired.push(message.text());
    if (message.type() === 'error' || message.type() === 'warning') errors.push(`${message.type()}: ${message.text()}`);
  };
  const onPageError = (error: Error) => errors.push(`uncaught: ${error.message}`);
  const onDialog = (dialog: Dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  };

  before(() => {
    world.page.on('console', onConsole);
    world.page.on('pageerror', onPageError);
    world.page.on('dialog', onDialog);
  });
  afterEach(function () {
    if (this.currentTest?.state === 'failed')
      console.log(`e2e: console errors and warnings:\n${errors.slice(-30).join('\n')}`);
  });
  after(() => {
    world.page.off('console', onConsole);
    world.page.off('pageerror', onPageError);
    world.page.off('dialog', onDialog);
  });

  it('shows a queue item whose reference, content and exception carry XSS payloads as inert text', async function () {
    this.timeout(180_000);
    const { page, sandbox } = world;
    // The item is made over the API, as a robot would: hostile reference and content, then a failed result.
    const tokens = await signIn(sandbox, 'developer');
    const client = new OrchestratorClient({
      connection: { kind: 'cloud', serviceUrl: sandbox.url, account: 'sandbox', tenant: 'main' },
      fetch: (url, init) => fetch(url, init),
      token: async () => tokens.access_token,
    });
    const folder = (await client.folders.list({ query: { filter: eq('DisplayName', 'Invoices'), top: 1 } })).items[0]!;
    const reference = `${PAYLOADS.img.slice(0, 90)} ${Date.now()}`;
    const added = await client.queues.addItem(
      {
        Name: 'InvoicesToProcess',
        Reference: reference,
        Priority: 'High',
        SpecificContent: {
          Html: PAYLOADS.img,
          Script: PAYLOADS.script,
          Link: PAYLOADS.link,
          Closing: PAYLOADS.textarea,
          Amount: 12.5,
        },
      },
      { folder: { id: folder.Id } },
    );
    itemKey = added.Key;
    await client.queues.setResult(
      added.Id,
      {
        IsSuccessful: false,
        ProcessingException: {
          Reason: PAYLOADS.textarea,
          Details: `${PAYLOADS.script}\n   at Invoice.Process()\n${'x'.repeat(20_000)}`,
        },
      },
      { folder: { id: folder.Id } },
    );

    // From the palette, by key: folder (typed to filter), then the key.
    await page.keyboard.press('Escape');
    const input = await askForQueueItem();
    await input.fill('not a key');
    await page.locator('.quick-input-widget .quick-input-message', { hasText: 'neither a key' }).waitFor();
    await input.fill(added.Key);
    await page.keyboard.press('Enter');

    const frame = webview();
    await frame.locator('#item-title').waitFor({ timeout: 30_000 });
    assert.equal(await frame.locator('#item-title').textContent(), reference, 'the reference is the title, as text');
    for (const payload of Object.values(PAYLOADS)) await frame.getByText(payload, { exact: true }).first().waitFor();
    await frame.getByText('Show all', { exact: false }).first().waitFor();
    // querySelectorAll stays out of the components' own shadow trees (their icons are theirs, not data).
    assert.equal(
      await frame
        .locator('#app')
        .evaluate((app) => app.querySelectorAll('img, svg, script, a[href], iframe, object, embed').length),
      0,
      'no element came from the data',
    );
    assert.equal(await frame.locator('script[src*="/dist/webviews/queueItem.js"]').count(), 1, 'our bundle');
    assert.equal(
      await frame
        .locator('script')
        .evaluateAll((scripts, mark) => scripts.filter((s) => (s.textContent ?? '').includes(mark)).length, MARK),
      0,
      'no script carries a payload',
    );
    assert.equal(await frame.locator('vscode-badge', { hasText: 'Failed' }).count(), 1);
    await frame.locator('vscode-collapsible[heading="History"]').waitFor();
    await page.waitForTimeout(1_000);
    assert.deepEqual(fired, [], 'no payload ran');
    assert.deepEqual(dialogs, [], 'no dialog opened');
    await screenshot('14-queue-item-dark');

    // The toolbar works from the keyboard: Tab to Copy as JSON, Enter.
    await frame.locator('#copy-json').focus();
    await page.keyboard.press('Enter');
    await frame.getByText('Copied the item as JSON.').waitFor();
  });

  it('submits an idea from the schema form: invalid input is flagged beside its fields, the draft survives a reload, the new idea is revealed', async function () {
    this.timeout(240_000);
    const { page } = world;
    await palette('View: Close All Editors');
    await palette('Orchestrator: Submit Idea…');
    const frame = webview();
    await frame.locator('#field-name').waitFor({ timeout: 30_000 });
    const text = (key: string) => frame.locator(`#field-${key} input, #field-${key} textarea`).first();
    const choose = (key: string, value: string | string[]) =>
      frame.locator(`#field-${key}`).evaluate((element, v) => {
        (element as HTMLElement & { value: unknown }).value = v;
        element.dispatchEvent(new Event('change', { bubbles: true }));
      }, value);

    // Invalid: the name left empty, "ten" hours, four applications where three are allowed.
    await text('description').fill('Match card statement lines to receipts.');
    await text('hoursSavedPerMonth').fill('ten');
    await choose('applications', ['sap', 'excel', 'outlook', 'salesforce']);
    await frame.locator('#submit').click();
    await frame.getByText(/Fix \d fields before submitting/).waitFor();
    assert.match((await frame.locator('#field-name-error').textContent()) ?? '', /Idea name is required/);
    assert.match((await frame.locator('#field-hoursSavedPerMonth-error').textContent()) ?? '', /must be a number/);
    assert.match((await frame.locator('#field-applications-error').textContent()) ?? '', /at most 3 choices/);
    assert.match((await frame.locator('#field-category-error').textContent()) ?? '', /Category is required/);
    await screenshot('15-idea-form-invalid-dark');

    // Fix some of it, then reload the window: the panel comes back with what was typed.
    const name = `E2E idea ${Date.now()}`;
    await text('name').fill(name);
    await text('hoursSavedPerMonth').fill('12.5');
    await page.waitForTimeout(1_000); // the draft is sent after a pause in typing
    // Reload Window shuts the workbench down properly (a browser reload may not save which editors were open).
    await palette('Developer: Reload Window');
    await page.waitForEvent('load', { timeout: 60_000 });
    await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    const restored = webview();
    await restored.getByText('Your unsent changes were restored.').waitFor({ timeout: 60_000 });
    assert.equal(await restored.locator('#field-name input').inputValue(), name);

    const again = webview();
    const chooseAgain = (key: string, value: string | string[]) =>
      again.locator(`#field-${key}`).evaluate((element, v) => {
        (element as HTMLElement & { value: unknown }).value = v;
        element.dispatchEvent(new Event('change', { bubbles: true }));
      }, value);
    await chooseAgain('applications', ['sap', 'excel']);
    await chooseAgain('category', '6');
    await chooseAgain('frequency', 'weekly');
    await chooseAgain('rulesBased', 'true');
    await again.locator('#submit').click();
    await again.getByText(`Submitted “${name}”`, { exact: false }).waitFor({ timeout: 30_000 });
    await screenshot('16-idea-submitted-dark');
    const ideas = sidebar().locator('.pane-body').nth(1);
    await ideas.locator('.monaco-list-row.selected', { hasText: name }).waitFor({ timeout: 30_000 });
    assert.deepEqual(dialogs, []);
  });

  it('looks native in a light theme too', async function () {
    this.timeout(120_000);
    const { page } = world;
    await setTheme('Light Modern');
    await webview().locator('#submit').waitFor();
    await screenshot('17-idea-form-light');
    // The queue item panel again, by key (the palette remembers nothing: folder, then key).
    const input = await askForQueueItem();
    await input.fill(itemKey);
    await page.keyboard.press('Enter');
    await webview().locator('vscode-collapsible[heading="History"]').waitFor({ timeout: 30_000 });
    await page.waitForTimeout(500);
    await screenshot('18-queue-item-light');
    await setTheme('Dark Modern');
    assert.deepEqual(fired, []);
    assert.deepEqual(dialogs, []);
  });

  it('Get Started has every step checked off by the journeys so far (its steps as a user does them)', async function () {
    this.timeout(60_000);
    const { page } = world;
    await openGetStarted(page);
    const steps = page.locator('.gettingStartedContainer .getting-started-step');
    await steps.first().waitFor({ timeout: 30_000 });
    const states = await steps.evaluateAll((all) =>
      all.map(
        (step) => `${step.querySelector('.step-title')?.textContent?.trim()}: ${step.getAttribute('aria-checked')}`,
      ),
    );
    await screenshot('19-get-started-done');
    assert.deepEqual(states, [
      'Add a connection: true',
      'Sign in: true',
      'Pick a folder: true',
      'Start a job: true',
      'Read its log: true',
      'Open a queue item: true',
    ]);
  });
});
