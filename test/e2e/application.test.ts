import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { collapseAll, expand, palette, row, sidebar, userSettingsFile, writeUserSettings } from './ui';
import { screenshot, world } from './world';

// Sign-in as a confidential application (client credentials) in the real editor: the user configures the connection
// in their settings, runs Sign In, types the application secret into the editor's password box, and the tree loads.
// The secret must then be in no settings file.

const userSettingsDir = () => join(world.editor.runDir, 'user-data', 'User');

/** Every settings file the editor reads: the user's (the folder holds settings.json and any profile's) and the folder's. */
function settingsFiles(): string[] {
  const files = readdirSync(userSettingsDir(), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('settings.json'))
    .map((name) => join(userSettingsDir(), name));
  const workspace = join(world.editor.workspace, '.vscode', 'settings.json');
  return existsSync(workspace) ? [...files, workspace] : files;
}

describe('Sign in as an application (UI, client credentials)', () => {
  let before: string;

  after(() => {
    if (before) writeFileSync(userSettingsFile(), before);
  });

  it('asks for the secret in a password box, shows the tenant’s folders, and writes the secret to no settings file', async function () {
    this.timeout(150_000);
    const { page, sandbox } = world;
    // As a user edits settings.json: a second connection, to the staging tenant, signing in as the application.
    before = readFileSync(userSettingsFile(), 'utf8');
    const settings = JSON.parse(before) as Record<string, unknown>;
    const connections = settings['orchestrator.connections'] as unknown[];
    settings['orchestrator.connections'] = [
      ...connections,
      {
        label: 'Robot app',
        kind: 'cloud',
        serviceUrl: sandbox.url,
        identityUrl: sandbox.identityUrl,
        account: 'sandbox',
        tenant: 'staging',
        authentication: 'application',
        clientId: sandbox.appClientId,
        scopes: 'OR.Folders.Read OR.Jobs',
      },
    ];
    // Through the editor's settings editor, as a user would (a file changed behind its back is not noticed here).
    await writeUserSettings(settings);
    // The Orchestrator view is open after the earlier journeys; the icon would close it.
    if (!(await sidebar().locator('.pane-header', { hasText: 'Orchestrator' }).first().isVisible()))
      await page.locator('.activitybar [aria-label^="Orchestrator"]').first().click();
    // Earlier journeys leave folders expanded: the new connection's row is below them, outside the rendered rows.
    await collapseAll('Orchestrator');
    await row(/^Robot app/).waitFor({ timeout: 30_000 });
    assert.match(await row(/^Robot app/).innerText(), /signed out/);

    await palette('Orchestrator: Sign In');
    const quickInput = page.locator('.quick-input-widget');
    await quickInput.locator('.quick-input-title', { hasText: 'Sign in to which connection?' }).waitFor();
    await quickInput.locator('.monaco-list-row', { hasText: 'Robot app' }).first().click();
    // VS Code may ask once whether the extension may sign in with this provider.
    const allow = page.locator('.monaco-dialog-box .monaco-button', { hasText: /^Allow$/ }).first();
    const secretBox = quickInput.locator('input[type="password"]');
    await Promise.race([allow.waitFor({ timeout: 20_000 }), secretBox.waitFor({ timeout: 20_000 })]);
    if (await allow.isVisible()) await allow.click();
    await quickInput
      .locator('.quick-input-title', { hasText: `Sign in to Robot app as application ${sandbox.appClientId}` })
      .waitFor({ timeout: 20_000 });
    await secretBox.waitFor();
    await secretBox.focus();
    await page.keyboard.type(sandbox.appClientSecret);
    await screenshot('30-application-secret');
    await page.keyboard.press('Enter');

    // Signed in: the row leaves "signed out", and its folders load from the staging tenant.
    await row(/^Robot app/)
      .filter({ hasNotText: 'signed out' })
      .waitFor({ timeout: 45_000 });
    await collapseAll('Orchestrator');
    await expand(/^Robot app/);
    await row(/^Shared/).waitFor({ timeout: 30_000 });
    await screenshot('31-application-tree');
    assert.equal(await page.locator('.notification-toast', { hasText: 'Sign In failed' }).count(), 0);
    // No progress notification outlives the sign-in.
    await page
      .locator('.notifications-toasts .notification-toast', { hasText: 'Signing in to Robot app' })
      .waitFor({ state: 'detached', timeout: 10_000 });

    const files = settingsFiles();
    assert.ok(files.includes(userSettingsFile()), files.join(', '));
    for (const file of files)
      assert.ok(!readFileSync(file, 'utf8').includes(sandbox.appClientSecret), `the secret is in ${file}`);
    await collapseAll('Orchestrator');
  });
});
