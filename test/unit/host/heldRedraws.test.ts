import assert from 'node:assert/strict';
import { TreeItem } from 'vscode';
import { HeldRedraws } from '../../../src/host/views/heldRedraws';
import type { TreeNode } from '../../../src/host/views/treeNode';

const node = (id: string): TreeNode => ({ id, item: () => new TreeItem(id) });

describe('held redraws', () => {
  it('holds a redraw of a row read lately until the editor is quiet; settled() waits for that, in order', async () => {
    const events: string[] = [];
    const redraws = new HeldRedraws((n) => events.push(`redraw ${n.id}`), 5);
    const all = node('all');
    await redraws.read(all, async () => [] as TreeNode[]);
    redraws.redraw(all); // the count after the first page
    redraws.redraw(node('other')); // a row not read lately goes out at once
    assert.deepEqual(events, ['redraw other']);
    await redraws.settled().then(() => events.push('settled'));
    assert.deepEqual(events, ['redraw other', 'redraw all', 'settled'], 'the held redraw went out before settled()');
    await redraws.settled().then(() => events.push('settled again'));
    assert.equal(events.at(-1), 'settled again', 'nothing held: settles at once');
    redraws.dispose();
  });
});
