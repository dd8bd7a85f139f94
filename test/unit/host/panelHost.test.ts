// A panel's host with the editor stubbed: content larger than the protocol allows is not silently dropped (the panel
// would stay on "Loading…"); the panel is told why instead.
import assert from 'node:assert/strict';
import { Uri } from 'vscode';
import { queueItemDetails } from '../../../src/host/presentation/queueItemDetails';
import { PanelHost } from '../../../src/host/webviews/panelHost';
import {
  parseQueueItemFromWebview,
  parseQueueItemToWebview,
  type QueueItemFromWebview,
  type QueueItemToWebview,
} from '../../../src/shared/protocol/queueItem';
import { aRecordingLogger, aWebviewPanel } from '../../support/editorFakes';
import { aQueueItem } from '../../support/entities';

describe('panel host', () => {
  const identity = { connectionId: 'c', folderId: 1, itemId: 41 };

  it('posts a failed message naming the problem when content breaks the protocol, rather than nothing', async () => {
    const { panel, posted, send } = aWebviewPanel('Queue Item');
    const { log, written } = aRecordingLogger();
    const host = new PanelHost<QueueItemFromWebview, QueueItemToWebview>(
      panel,
      {
        name: 'queue item',
        bundle: 'queueItem',
        parseIncoming: parseQueueItemFromWebview,
        parseOutgoing: parseQueueItemToWebview,
        isContent: (m) => m.type === 'show' || m.type === 'failed',
        unsendable: (problem) => ({ type: 'failed', identity, message: `Too large (${problem}).` }),
      },
      { extensionUri: Uri.file('/ext'), log, handle: async () => undefined },
    );
    send({ type: 'ready' });
    await new Promise((resolve) => setImmediate(resolve));
    // 'key' is bounded to 100 characters: the same shape with a longer one cannot be sent.
    host.post({
      type: 'show',
      identity,
      item: queueItemDetails(aQueueItem({ Key: 'k'.repeat(101) }), {}),
      events: [],
      canDelete: false,
      readOnly: false,
    });
    assert.equal(posted.length, 1, JSON.stringify(posted).slice(0, 200));
    const failed = parseQueueItemToWebview(posted[0]);
    assert.ok(failed.ok && failed.message.type === 'failed', 'the page is told it failed');
    assert.match(failed.message.message, /^Too large \(message 'show' at item/);
    assert.equal(host.current?.type, 'failed', 'the panel shows the failure, not Loading…');
    assert.ok(
      written.some((line) => line.startsWith('error Not sent to the queue item panel')),
      written.join('\n'),
    );
  });
});
