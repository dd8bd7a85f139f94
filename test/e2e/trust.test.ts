// Issue 17 in the real editor: service text as the editor renders it (a notification, a tree tooltip), and a cloned
// folder that is not trusted trying to redirect the user's connection.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { OrchestratorClient } from '../../src/core/orchestrator/client';
import { eq } from '../../src/core/odata/filter';
import { startEditor, type RunningEditor } from '../harness/editor';
import { sandboxEditorEnvironment, sandboxEditorSettings } from '../harness/sandboxConnection';
import { signIn } from '@orchestrator-workbench/sandbox/test-helpers';
import { collapseAll, expand, inRestrictedMode, openWorkbench, palette, pickUserOnLoginPage, row, sidebar } from './ui';
import { screenshot, world } from './world';

/** What a rendered piece of UI must not contain when it shows service text: links, images, embedded content. */
const ACTIVE = 'a, img, svg image, iframe, object, embed, script';

describe('Service text as the editor renders it (UI)', () => {
  // Within the queue's limit of 128 characters: a command link, an image, an autolink, and a token to find it by.
  const token = `tok${String(Date.now()).slice(-6)}`;
  const reference = `[Ref](command:workbench.action.openSettings) ![i](https://evil.example/i.png) <https://evil.example/a> ${token}`;

  before(async function () {
    this.timeout(60_000);
    // Another user of the tenant added the item over the API, as a robot would.
    const { sandbox } = world;
    const tokens = await signIn(sandbox, 'developer');
    const client = new OrchestratorClient({
      connection: { kind: 'cloud', serviceUrl: sandbox.url, account: 'sandbox', tenant: 'main' },
      fetch: (url, init) => fetch(url, init),
      token: async () => tokens.access_token,
    });
    const finance = (await client.folders.list({ query: { filter: eq('DisplayName', 'Finance'), top: 1 } })).items[0]!;
    await client.queues.addItem(
      { Name: 'Refunds', Reference: reference, Priority: 'Normal', SpecificContent: {} },
      { folder: { id: finance.Id } },
    );
  });

  it('shows a refused reference in a notification and a tooltip as text: no link, no image, no command run', async function () {
    this.timeout(180_000);
    const { page } = world;
    await page.keyboard.press('Escape');
    const ideas = sidebar().locator('.pane-header', { hasText: 'Ideas' }).first();
    if ((await ideas.getAttribute('aria-expanded')) === 'true') await ideas.click();
    await collapseAll('Orchestrator');
    // The large sandbox puts dozens of folders around Finance, and rows move as their counts arrive: each step waits
    // for the rows below it to settle before the next click.
    const open = async (text: RegExp, child: RegExp) => {
      const opened = await expand(text);
      await row(child).waitFor({ timeout: 30_000 });
      await page.waitForTimeout(1_500);
      return opened;
    };
    await expand('Sandbox');
    await open(/^Shared/, /^Finance/);
    await open(/^Finance/, /^Queues/);
    await open(/^Queues/, /^Refunds/);
    const queue = await open(/^Refunds/, /^All Items/);

    // The same reference again, typed into Add Queue Item's real prompts: the service refuses it, quoting it.
    await queue.click({ button: 'right' });
    const add = page.locator('.monaco-menu .action-label', { hasText: 'Add Item…' }).first();
    await add.waitFor();
    await add.hover();
    await page.keyboard.press('Enter');
    const input = page.locator('.quick-input-widget input');
    const title = page.locator('.quick-input-widget .quick-input-title');
    await title.filter({ hasText: /reference/ }).waitFor({ timeout: 30_000 });
    await input.fill(reference);
    await page.keyboard.press('Enter');
    await title.filter({ hasText: /priority/ }).waitFor();
    await page.keyboard.press('Enter');
    await title.filter({ hasText: /specific content/ }).waitFor();
    await page.keyboard.press('Enter');

    const toast = page
      .locator('.notifications-toasts .notification-toast', { hasText: 'Add Queue Item failed' })
      .filter({ hasText: token })
      .first();
    await toast.waitFor({ timeout: 30_000 });
    const message = toast.locator('.notification-list-item-message');
    assert.match(await message.innerText(), /already exists/);
    assert.equal(await message.locator(ACTIVE).count(), 0, `the message rendered markup: ${await message.innerHTML()}`);
    await screenshot('20-hostile-notification');
    // Clicking where the link would have been runs nothing: no settings editor opens.
    await message.click();
    await page.waitForTimeout(1_000);
    assert.equal(
      await page.locator('.tab', { hasText: /^Settings/ }).count(),
      0,
      'a command ran from the notification',
    );
    await toast.hover();
    await toast
      .locator('.codicon-notifications-clear, .action-label[aria-label^="Clear"]')
      .first()
      .click()
      .catch(() => undefined);

    // The row of the item, hovered: the tooltip shows the reference as text.
    await expand(/^New/);
    const item = row(token);
    // The item may be below the view's edge (only rows on screen are drawn): scroll down until it is.
    await sidebar().locator('.pane-body').nth(0).hover();
    for (let i = 0; i < 20 && !(await item.isVisible()); i++) {
      await page.mouse.wheel(0, 200);
      await page.waitForTimeout(200);
    }
    await item.waitFor({ timeout: 30_000 });
    // Scrolled up from the bottom edge of the view, so the pointer rests on the row itself.
    await sidebar().locator('.pane-body').nth(0).hover();
    await page.mouse.wheel(0, 400);
    await page.waitForTimeout(500);
    await item.hover();
    const hover = page.locator('.monaco-hover, .workbench-hover').filter({ hasText: token }).first();
    await hover.waitFor({ timeout: 15_000 });
    assert.equal(await hover.locator(ACTIVE).count(), 0, `the tooltip rendered markup: ${await hover.innerHTML()}`);
    await screenshot('21-hostile-tooltip');
    await page.mouse.move(0, 0);
  });
});

describe('A folder that is not trusted (UI, Restricted Mode)', () => {
  const requests: string[] = [];
  let decoy: Server;
  let editor: RunningEditor;
  let page: Page;

  before(async function () {
    this.timeout(180_000);
    // The workspace's origins: any request that reaches them is a leak.
    decoy = createServer((request, response) => {
      requests.push(`${request.method} ${request.url}`);
      response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => decoy.listen(0, '127.0.0.1', resolve));
    const port = (decoy.address() as AddressInfo).port;
    const origin = `http://127.0.0.1:${port}`;
    const user = sandboxEditorSettings(world.sandbox);
    const [connection] = user['orchestrator.connections'] as Record<string, unknown>[];
    editor = await startEditor({
      name: 'e2e-untrusted',
      installExtension: true,
      workspaceTrust: true,
      env: sandboxEditorEnvironment(world.sandbox),
      // The user protects the connection: read-only.
      settings: {
        'workbench.colorTheme': 'Default Dark Modern',
        'workbench.tree.enableStickyScroll': false,
        ...user,
        'orchestrator.connections': [{ ...connection, protection: 'readOnly' }],
      },
      // The cloned repository redefines it, silently signed in, unprotected, and lifts the limits.
      workspaceSettings: {
        'orchestrator.connections': [
          {
            ...connection,
            serviceUrl: `${origin}/svc`,
            identityUrl: `${origin}/identity`,
            ideasUrl: `${origin}/ideas`,
            audience: origin,
            protection: 'normal',
            loginHint: 'developer',
            prompt: 'none',
          },
          {
            ...connection,
            label: 'Workspace connection',
            serviceUrl: `${origin}/other`,
            identityUrl: `${origin}/identity`,
            protection: 'normal',
          },
        ],
        'orchestrator.auth.loopbackPort': port,
        'orchestrator.rateLimit.budgetPerMinute': 100_000,
        'orchestrator.logs.maxLines': 100_000_000,
      },
    });
    page = await openWorkbench(editor);
  });

  after(async function () {
    this.timeout(60_000);
    await page?.close();
    await editor?.stop();
    await new Promise((resolve) => decoy?.close(resolve));
  });

  it("keeps the user's connection and protection, and sends nothing to the workspace's origins", async function () {
    this.timeout(240_000);
    await inRestrictedMode(page);
    await screenshot('22-untrusted-folder-restricted-mode', page);

    // One connection, the user's: signed out, read-only (the workspace's second connection is not there).
    await page.locator('.activitybar [aria-label^="Orchestrator"]').first().click();
    const connection = row(/Sandbox \(main\)/, page);
    await connection.waitFor({ timeout: 30_000 });
    assert.match(await connection.innerText(), /read-only/);
    assert.equal(await row('Workspace connection', page).count(), 0);

    // Sign In goes to the user's identity provider (the login page), not to the workspace's silent sign-in.
    await palette('Orchestrator: Sign In', page);
    const allow = page.locator('.monaco-dialog-box .monaco-button', { hasText: /^Allow$/ }).first();
    await allow.waitFor({ timeout: 20_000 });
    const opened = page.context().waitForEvent('page', { timeout: 30_000 });
    await allow.click();
    await pickUserOnLoginPage(opened, 'developer');
    await row(/Sandbox \(main\)/, page)
      .filter({ hasNotText: 'signed out' })
      .waitFor({ timeout: 45_000 });

    // Both trees load from the user's services.
    await expand(/Sandbox \(main\)/, page);
    await expand(/^Shared/, page);
    await expand(/^Processes/, page);
    const process = sidebar(page).locator('.pane-body').nth(0).locator('.monaco-list-row[aria-level="4"]').first();
    await process.waitFor({ timeout: 30_000 });
    const ideas = sidebar(page).locator('.pane-body').nth(1);
    const ideaConnection = ideas.locator('.monaco-list-row', { hasText: 'Sandbox (main)' }).first();
    await ideaConnection.waitFor({ timeout: 30_000 });
    if ((await ideaConnection.getAttribute('aria-expanded')) !== 'true') await ideaConnection.click();
    await ideas
      .locator('.monaco-list-row', { hasText: /^Pipeline/ })
      .first()
      .waitFor({ timeout: 30_000 });

    // The protection holds: the read-only connection's process row offers what reads (Open in Web Portal) and no
    // Start Job (the command would still refuse it: integration suite, tenant and jobs tests).
    await process.click({ button: 'right' });
    await page.locator('.monaco-menu .action-label', { hasText: 'Open in Web Portal' }).first().waitFor();
    assert.equal(await page.locator('.monaco-menu .action-label', { hasText: 'Start Job…' }).count(), 0);
    await screenshot('23-untrusted-folder-read-only', page);
    await page.keyboard.press('Escape');

    assert.deepEqual(requests, [], "requests reached the workspace's origins");
  });
});
