// A panel's host with the editor stubbed: content larger than the protocol allows is not silently dropped (the panel
// would stay on "Loading…"); the panel is told why instead.
import assert from 'node:assert/strict';
import { Uri } from 'vscode';
import { PanelHost } from '../../../src/host/webviews/panelHost';
import {
  parseQueueItemFromWebview,
  parseQueueItemToWebview,
  type QueueItemToWebview,
} from '../../../src/shared/protocol/queueItem';

function fakePanel() {
  const posted: unknown[] = [];
  let receive: (raw: unknown) => void = () => undefined;
  const panel = {
    title: 'Queue Item',
    webview: {
      options: {},
      html: '',
      cspSource: 'vscode-resource:',
      asWebviewUri: (uri: unknown) => uri,
      onDidReceiveMessage: (listener: (raw: unknown) => void) => ((receive = listener), { dispose: () => undefined }),
      postMessage: async (message: unknown) => (posted.push(message), true),
    },
    onDidDispose: () => ({ dispose: () => undefined }),
  };
  return { panel, posted, send: (raw: unknown) => receive(raw) };
}

describe('panel host', () => {
  const identity = { connectionId: 'c', folderId: 1, itemId: 41 };
  const logged: string[] = [];
  const log = {
    info: (m: string) => logged.push(m),
    warn: (m: string) => logged.push(m),
    error: (m: string) => logged.push(m),
  };

  it('posts a failed message naming the problem when content breaks the protocol, rather than nothing', async () => {
    const { panel, posted, send } = fakePanel();
    const host = new PanelHost<never, QueueItemToWebview>(
      panel as never,
      Uri.file('/ext'),
      {
        name: 'queue item',
        bundle: 'queueItem',
        parseIncoming: parseQueueItemFromWebview as never,
        parseOutgoing: parseQueueItemToWebview,
        isContent: (m) => m.type === 'show' || m.type === 'failed',
        unsendable: (problem) => ({ type: 'failed', identity, message: `Too large (${problem}).` }),
      },
      log as never,
      async () => undefined,
    );
    send({ type: 'ready' });
    await new Promise((resolve) => setImmediate(resolve));
    // 'key' is bounded to 100 characters: the same shape with a longer one cannot be sent (hence the cast below).
    host.post({
      type: 'show',
      identity,
      item: { key: 'k'.repeat(101) } as never,
      events: [],
      canDelete: false,
      readOnly: false,
    });
    assert.equal(posted.length, 1, JSON.stringify(posted).slice(0, 200));
    const failed = posted[0] as { type: string; message: string };
    assert.equal(failed.type, 'failed');
    assert.match(failed.message, /^Too large \(message 'show' at item/);
    assert.equal(host.current?.type, 'failed', 'the panel shows the failure, not Loading…');
    assert.ok(logged.some((line) => line.startsWith('Not sent to the queue item panel')));
  });
});
