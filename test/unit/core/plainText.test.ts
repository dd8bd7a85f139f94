// Service text made safe to show: the function itself, and every tree row builder fed the hostile corpus.
import assert from 'node:assert/strict';
import { JOINER, markdownText, plainText, PLAIN_TEXT_MAX } from '../../../src/core/presentation/plainText';
import {
  assetItem,
  folderItem,
  jobItem,
  packageItem,
  packageVersionItem,
  queueItem,
  queueItemItem,
  releaseItem,
  robotItem,
  type ItemData,
} from '../../../src/host/presentation/items';
import { alertItem, libraryItem, tenantItem, webhookItem } from '../../../src/host/presentation/tenantItems';
import { ideaItem, reviewItem } from '../../../src/host/presentation/ideaItems';
import { packageInUseItem } from '../../../src/host/presentation/packagesInUse';
import { HOSTILE_TEXTS, markupIn } from '../../fixtures/hostileTexts';
import {
  aJob,
  aLibrary,
  anAlert,
  anAsset,
  anIdea,
  aPackage,
  aQueue,
  aQueueItem,
  aRelease,
  aRobot,
  aTenant,
  aWebhook,
} from '../../support/entities';

// markdown-it (a devDependency of ours) renders the tooltips the way a Markdown renderer does, with HTML and
// autolinking on: what it makes of the escaped text is what a reader would see. VS Code's hover renderer (marked)
// autolinks less than linkify-it does; fuzzy bare domains ("evil.example") are not links there.
/* eslint-disable-next-line @typescript-eslint/no-require-imports -- no type declarations are installed for it */
const MarkdownIt = require('markdown-it') as new (options: object) => {
  render(text: string): string;
  linkify: { set(options: object): void };
};
const renderer = new MarkdownIt({ html: true, linkify: true });
renderer.linkify.set({ fuzzyLink: false, fuzzyEmail: true });

/** Tags a rendered tooltip may contain: the table, bold title, paragraphs. Anything else came from service text. */
const ALLOWED_TAGS = new Set(['p', 'strong', 'table', 'thead', 'tbody', 'tr', 'th', 'td']);

function renderedProblems(markdown: string): string[] {
  const html = renderer.render(markdown);
  const tags = [...html.matchAll(/<\/?([A-Za-z][\w-]*)/g)]
    .map((m) => m[1]!.toLowerCase())
    .filter((tag) => !ALLOWED_TAGS.has(tag));
  return [...new Set(tags)].map((tag) => `<${tag}>`);
}

const NOW = Date.parse('2026-11-21T12:00:00Z');

/** Every row builder whose text comes from the service, each given `text` in every text field. */
function rowsFor(text: string): ItemData[] {
  const lookups = { users: new Map([[1, text]]), categories: new Map([[2, text]]) };
  return [
    folderItem('s', { Id: 1, DisplayName: text, FullyQualifiedName: text }),
    packageItem(
      's',
      aPackage({
        Id: text,
        Version: text,
        Key: text,
        Description: text,
        Authors: text,
        ProjectType: text,
        Published: text,
      }),
    ),
    packageVersionItem(
      's',
      aPackage({ Id: text, Version: text, Key: text, ReleaseNotes: text, IsLatestVersion: true }),
    ),
    releaseItem(
      's',
      aRelease({
        Id: 1,
        Name: text,
        Key: text,
        ProcessKey: text,
        ProcessVersion: text,
        EnvironmentName: text,
        Description: text,
        IsLatestVersion: false,
      }),
    ),
    jobItem(
      's',
      aJob({
        Id: 1,
        Key: text,
        State: 'Faulted',
        CreationTime: '2026-11-21T11:00:00Z',
        ReleaseName: text,
        Info: text,
        Source: text,
        HostMachineName: text,
      }),
      NOW,
    ),
    queueItem('s', aQueue({ Id: 1, Name: text, Description: text })),
    queueItemItem(
      's',
      aQueueItem({
        Id: 1,
        Reference: text,
        Status: 'Failed',
        Priority: 'High',
        CreationTime: '2026-11-21T11:00:00Z',
        ProcessingException: { Reason: text },
      }),
      NOW,
    ),
    robotItem(
      's',
      aRobot({ Id: 1, Name: text, Type: text, MachineName: text, Username: text, RobotEnvironments: text }),
      { State: text, IsUnresponsive: false },
    ),
    assetItem('s', anAsset({ Id: 1, Name: text, ValueType: 'Text', ValueScope: text, StringValue: text })),
    libraryItem('s', aLibrary({ Id: text, Version: text, Title: text, Description: text, Key: text, Published: text })),
    webhookItem(
      's',
      aWebhook({
        Id: 1,
        Url: text,
        Enabled: true,
        SubscribeToAllEvents: false,
        Events: [{ EventType: text }],
      }),
    ),
    alertItem(
      's',
      anAlert({
        Id: 'a1',
        NotificationName: text,
        Severity: 'Error',
        State: 'Unread',
        Component: text,
        CreationTime: '2026-11-21T11:00:00Z',
        Data: text,
      }),
      NOW,
    ),
    tenantItem('s', aTenant({ Id: 1, Name: text, IsActive: true, LastLoginTime: text })),
    ideaItem(
      's',
      anIdea({
        id: 1,
        name: text,
        phase: text,
        status: text,
        submitterId: 1,
        categoryId: 2,
        tags: [text],
        createdAt: '2026-11-21T11:00:00Z',
        description: text,
      }),
      lookups,
      NOW,
    ),
    reviewItem('s', { id: 1, rating: 3, comment: text, userId: 1 }, lookups),
  ];
}

describe('plain text from services and settings', () => {
  it('has a corpus of at least 50 hostile texts', () => {
    assert.ok(HOSTILE_TEXTS.length >= 50, `${HOSTILE_TEXTS.length}`);
  });

  it('the checker finds what it looks for (else the tests below prove nothing)', () => {
    assert.deepEqual(markupIn('[a](command:x)', 'plain'), ['link `](`', 'URI scheme']);
    assert.ok(markupIn('<img src=x>', 'markdown').includes('HTML or autolink `<`'));
    assert.ok(markupIn('see www.x.example', 'plain').includes('www. autolink'));
    assert.ok(markupIn('a@b.example', 'plain').includes('e-mail autolink'));
    assert.ok(
      markupIn('a\\\\](x)', 'markdown').includes('link `](`'),
      'an escaped backslash does not escape the bracket',
    );
    assert.deepEqual(markupIn('a\\]\\(x\\)', 'markdown'), []);
    assert.ok(renderedProblems('[a](https://x.example) <b>x</b>').includes('<a>'));
  });

  for (const [index, text] of HOSTILE_TEXTS.entries()) {
    const name = JSON.stringify(text.slice(0, 40));
    it(`#${index} ${name}: plain and Markdown output carry no markup`, () => {
      const plain = plainText(text);
      assert.deepEqual(markupIn(plain, 'plain'), [], plain.slice(0, 200));
      const markdown = markdownText(text);
      assert.deepEqual(markupIn(markdown, 'markdown'), [], markdown.slice(0, 200));
      assert.deepEqual(renderedProblems(markdown), [], markdown.slice(0, 200));
      assert.ok(plain.length <= PLAIN_TEXT_MAX * 2 + 1, 'long text is cut');
    });

    it(`#${index} ${name}: every tree row shows it without markup, in one table row per field`, () => {
      for (const row of rowsFor(text)) {
        for (const line of (row.tooltip ?? '').split('\n')) {
          assert.deepEqual(markupIn(line, 'markdown'), [], `${row.id}: ${line.slice(0, 200)}`);
          // A table row keeps its three borders: a pipe in the text cannot add a cell.
          if (line.startsWith('| ') && line !== '| | |')
            assert.equal([...line.matchAll(/(?<!\\)\|/g)].length, 3, `${row.id}: ${line.slice(0, 200)}`);
        }
        if (row.tooltip) assert.deepEqual(renderedProblems(row.tooltip), [], `${row.id}`);
        // Labels and descriptions are made plain by the host (toTreeItem); plainText of them is checked above.
        assert.deepEqual(markupIn(plainText(row.label), 'plain'), []);
      }
      const inUse = packageInUseItem('s', {
        id: text,
        versions: [text],
        processes: [{ name: text, version: text }],
        package: aPackage(),
      });
      for (const line of inUse.plainTooltip.split('\n'))
        assert.deepEqual(markupIn(line, 'plain'), [], line.slice(0, 200));
    });
  }

  it('reads as the text it was: the joiner is invisible, escapes render as the characters', () => {
    assert.equal(plainText('Invoices [EU]').replaceAll(JOINER, ''), 'Invoices [EU]');
    assert.equal(plainText('[x](command:evil)'), `[x]${JOINER}(command${JOINER}:evil)`);
    assert.equal(renderer.render(markdownText('a [b](c) <d> *e*')).trim(), '<p>a [b](c) &lt;d&gt; *e*</p>');
    assert.equal(plainText('two\nlines'), 'two lines');
    assert.equal(plainText(null), '');
    assert.equal(plainText(42), '42');
  });

  it('cuts long text without splitting a character', () => {
    const cut = plainText('🙂'.repeat(10), { maxLength: 5 });
    assert.equal(cut, `${'🙂'.repeat(2)}…`);
    assert.equal(plainText('x'.repeat(2_000)).length, PLAIN_TEXT_MAX + 1);
  });

  it('drops bidi controls and invisible characters, and replaces lone surrogates', () => {
    assert.equal(plainText('a\u202Eb\u2066c\u2069\u200Bd'), 'abcd');
    assert.equal(plainText('x\uD800y'), 'x\uFFFDy');
  });
});
