// Issue 20: the extension in another display language. An editor in the pseudo-locale (every message of ours
// accented and bracketed, test/harness/pseudoLocale.ts) shows what is translated and lists what is still English.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ROOT, startEditor, type RunningEditor } from '../harness/editor';
import { pseudo } from '../harness/l10n';
import { sandboxEditorEnvironment, sandboxEditorSettings } from '../harness/sandboxConnection';
import { expand, openWorkbench, row, typeInPalette } from './ui';
import { screenshot, world } from './world';

const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const nls = JSON.parse(readFileSync(join(ROOT, 'package.nls.json'), 'utf8')) as Record<string, string>;
/** A manifest value in English and as the pseudo-locale shows it. */
const text = (value: string) => {
  const key = /^%(.+)%$/.exec(value)?.[1];
  const english = key ? nls[key]! : value;
  return { english, shown: key ? pseudo(english) : english };
};

describe('The extension in another display language (UI, pseudo-locale)', () => {
  let editor: RunningEditor;
  let page: Page;

  before(async function () {
    this.timeout(180_000);
    editor = await startEditor({
      name: 'e2e-pseudo-locale',
      installExtension: true,
      pseudoLocale: true,
      env: sandboxEditorEnvironment(world.sandbox),
      settings: { 'workbench.colorTheme': 'Default Dark Modern', ...sandboxEditorSettings(world.sandbox) },
    });
    page = await openWorkbench(editor);
  });

  /** Runs one of our commands from the palette, found by its English title, picked by its translated one. */
  const runTranslated = async (id: string) => {
    const command = manifest.contributes.commands.find((c: { command: string }) => c.command === id);
    await typeInPalette(`>${text(command.title).english}`, page);
    await page
      .locator('.quick-input-list .monaco-list-row', { hasText: text(command.title).shown })
      .first()
      .click();
  };

  after(async function () {
    this.timeout(60_000);
    await page?.close();
    await editor?.stop();
  });

  it('names the views, the activity bar entry and every command in the palette in the display language', async function () {
    this.timeout(300_000);
    const container = text(manifest.contributes.viewsContainers.activitybar[0].title);
    await page.locator(`.activitybar [aria-label^="${container.shown}"]`).first().click();
    const headers = page.locator('.part.sidebar .pane-header');
    await headers.first().waitFor({ timeout: 30_000 });
    const shownHeaders = (await headers.allInnerTexts()).join(' | ');
    for (const view of manifest.contributes.views.orchestrator as { name: string }[])
      assert.ok(shownHeaders.includes(text(view.name).shown), `${text(view.name).english} in ${shownHeaders}`);
    // The extension is up once its tree shows the connection (service text: the label stays as the user wrote it).
    await row('Sandbox (main)', page).waitFor({ timeout: 60_000 });
    await screenshot('30-pseudo-locale-views', page);

    // Every command the palette offers in this state (a connection, signed out, no document open), looked up by its
    // English title (the palette matches the original too); the others' text is held by the manifest's unit test.
    const when = new Map(
      (manifest.contributes.menus.commandPalette as { command: string; when?: string }[]).map((e) => [
        e.command,
        e.when,
      ]),
    );
    const offered = (manifest.contributes.commands as { command: string; title: string; category?: string }[]).filter(
      (command) =>
        // Offered with a connection that allows changes, signed out: no when, or only those two keys.
        (when.get(command.command) ?? '')
          .split('&&')
          .every((term) => ['', 'orchestrator.hasConnections', 'orchestrator.changesAllowed'].includes(term.trim())),
    );
    const english: string[] = [];
    const notOffered: string[] = [];
    let translated = 0;
    for (const command of offered) {
      const title = text(command.title);
      const category = command.category ? text(command.category) : undefined;
      const expected = `${category ? `${category.shown}: ` : ''}${title.shown}`;
      // A row naming the command either way (a translated row carries the English title as its second line); none
      // after two tries: the palette does not offer it now (signed out, no document open).
      let shown: string[] = [];
      for (let attempt = 0; attempt < 2 && shown.length === 0; attempt++) {
        await typeInPalette(`>${category ? `${category.english}: ` : ''}${title.english}`, page);
        await page
          .locator('.quick-input-list .monaco-list-row', { hasText: title.english })
          .first()
          .waitFor({ timeout: 5_000 })
          .catch(() => undefined);
        shown = (await page.locator('.quick-input-list .monaco-list-row .label-name').allInnerTexts()).filter(
          (label) => label === expected || label.includes(title.english),
        );
      }
      if (shown.includes(expected)) translated += 1;
      else if (shown.some((label) => label.includes(title.english))) english.push(command.command);
      else notOffered.push(command.command);
    }
    await page.keyboard.press('Escape');
    assert.deepEqual(english, [], 'commands the palette shows in English');
    assert.deepEqual(notOffered, [], 'commands the palette did not offer');
    assert.equal(translated, offered.length);
    assert.ok(offered.length >= 12, `${offered.length} commands`);
  });

  it('shows a notification of its own in the display language', async function () {
    this.timeout(120_000);
    await runTranslated('orchestrator.showAbout');
    const toast = page.locator('.notification-toast', { hasText: '⟦Öŕçĥéšţŕàţöŕ Ŵöŕķƀéñçĥ' }).first();
    await toast.waitFor({ timeout: 30_000 });
    const message = await toast.locator('.notification-list-item-message').innerText();
    assert.match(message, /^⟦Öŕçĥéšţŕàţöŕ Ŵöŕķƀéñçĥ \S+ öñ .+ \(⟦ŵéƀ⟧\); àçţîṽàţéđ îñ [\d.]+ ɱš⟧$/);
    await screenshot('31-pseudo-locale-notification', page);
  });

  it("shows the tree's own rows and its questions in the display language", async function () {
    this.timeout(120_000);
    // Signed out, the connection offers a sign-in row: the extension's words, not the service's.
    await expand('Sandbox (main)', page);
    await row(pseudo('Sign in to see the folders of this tenant'), page).waitFor({ timeout: 30_000 });
    // A question of its own (Remove Connection asks first; Escape answers no).
    await runTranslated('orchestrator.removeConnection');
    const question = page.locator('.monaco-dialog-box', {
      hasText: pseudo("Remove the connection '{0}'?").split('{0}')[0]!,
    });
    await question.first().waitFor({ timeout: 30_000 });
    await screenshot('31b-pseudo-locale-dialog', page);
    await page.keyboard.press('Escape');
    // A table of texts built when its module loads (Edit Connection's fields): in the display language too, since
    // the entry (src/extension.ts) loads the bundle before it imports any other module of ours.
    await runTranslated('orchestrator.editConnection');
    await page
      .locator('.quick-input-list .monaco-list-row', { hasText: pseudo('Service URL') })
      .first()
      .waitFor({ timeout: 30_000 });
    await page.keyboard.press('Escape');
  });

  it('shows a panel of its own in the display language', async function () {
    this.timeout(120_000);
    await runTranslated('orchestrator.submitIdea');
    // The form's own words (the fields are the idea service's: they stay as it sends them).
    const form = page.frameLocator('iframe.webview.ready >> nth=-1').frameLocator('#active-frame');
    await form.getByText(pseudo('Fields marked * are required.')).waitFor({ timeout: 60_000 });
    await form.locator('#submit', { hasText: pseudo('Submit Idea') }).waitFor();
    await screenshot('31c-pseudo-locale-panel', page);
  });

  // Last: it removes the connection the others use.
  it('acts on its own translated buttons: Remove Connection removes the connection when its button is pressed', async function () {
    this.timeout(120_000);
    const connection = row('Sandbox (main)', page);
    await connection.waitFor({ timeout: 30_000 });
    await runTranslated('orchestrator.removeConnection');
    const dialog = page.locator('.monaco-dialog-box', {
      hasText: pseudo("Remove the connection '{0}'?").split('{0}')[0]!,
    });
    await dialog.first().waitFor({ timeout: 30_000 });
    await dialog
      .locator('.monaco-button', { hasText: pseudo('Remove') })
      .first()
      .click();
    // The dialog answers with the label it showed; the extension compares with that, not with the English word.
    await connection.waitFor({ state: 'detached', timeout: 30_000 });
    await screenshot('31d-pseudo-locale-removed', page);
  });
});
