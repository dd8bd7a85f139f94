// Issue 20: Open in Web Portal from rows of the real tree on the sandbox: the page each opens (the browser is the
// input seam's, so the address is what is checked), and a clear refusal where there is no page.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Ctx } from '../../../src/ctx';
import { answering } from '../../../src/host/ui/scriptedInput';
import { extensionContext } from '../../support/extensionContext';
import { rowOf, treeWalk } from './treeWalk';

describe('Open in Web Portal', () => {
  let ctx: Ctx;
  const sandbox = () => ctx.connections.all().find((c) => c.label === 'Sandbox')!;
  const { children, child } = treeWalk(() => ctx.explorer);
  const opened = async (node: unknown) => {
    const { result, asked } = await answering(ctx, [], () =>
      vscode.commands.executeCommand<string | undefined>('orchestrator.openInPortal', node),
    );
    assert.deepEqual(
      asked.map((a) => a.kind),
      ['openExternal'],
    );
    assert.equal(asked[0]!.title, result);
    return result!;
  };

  before(async function () {
    this.timeout(60_000);
    ctx = await extensionContext();
    await ctx.ready;
    await ctx.auth.createSession([`connection:${sandbox().id}`]);
  });

  after(async () => {
    for (const account of ctx.sessions.accounts()) await ctx.sessions.remove(account.id);
  });

  it('opens the page of a connection, a folder, a process and a job under the tenant', async function () {
    this.timeout(60_000);
    const tenant = `${sandbox().serviceUrl}/sandbox/main`;
    const root = await child(undefined, 'Sandbox');
    assert.equal(await opened(root), `${tenant}/`);
    const devLab = await child(root, 'Dev Lab');
    const folderId = rowOf(devLab, 'folder').folder.id;
    assert.equal(await opened(devLab), `${tenant}/folders/${folderId}`);
    const processRow = (await children(await child(devLab, 'Processes'))).find((n) => n.row?.kind === 'process')!;
    assert.equal(
      await opened(processRow),
      `${tenant}/folders/${folderId}/processes/${rowOf(processRow, 'process').release.Id}`,
    );
    const jobRow = (await children(await child(devLab, 'Jobs'))).find((n) => n.row?.kind === 'job')!;
    assert.equal(await opened(jobRow), `${tenant}/folders/${folderId}/jobs/${rowOf(jobRow, 'job').job.Id}`);
  });

  it('refuses a row without a page, in the user’s words', async () => {
    const root = await child(undefined, 'Sandbox');
    const devLab = await child(root, 'Dev Lab');
    const processes = await child(devLab, 'Processes');
    const logged = ctx.log.recent().length;
    const { result, asked } = await answering(ctx, [], () =>
      vscode.commands.executeCommand('orchestrator.openInPortal', processes),
    );
    assert.equal(result, undefined);
    assert.deepEqual(asked, [], 'no page opened');
    const notified = ctx.log
      .recent()
      .slice(logged)
      .filter((line) => line.startsWith('info Notified: '));
    assert.match(
      notified.join('\n'),
      /Open in Web Portal failed: Choose a connection, a folder, a process under Processes/,
    );
  });
});
