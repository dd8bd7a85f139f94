import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Ctx } from '../../../src/ctx';
import type { TreeNode } from '../../../src/host/views/treeNode';
import { editorTakes, quiescent } from './treeWalk';
import { signedInSuite } from './suiteHooks';
import { answering } from '../../../src/host/ui/scriptedInput';

/** The Tenant row of a connection: libraries, webhooks, alerts, license, and the host's tenants for administrators. */
describe('Tenant resources on the sandbox', () => {
  // Signed in before; after, faults cleared and signed out (suiteHooks.ts).
  const suite = signedInSuite('Sandbox');
  const { sent, explorer } = suite;
  const { label, children, child } = explorer;
  let ctx: Ctx;
  before(() => void (ctx = suite.ctx));

  /**
   * Expands a connection's Tenant row in the editor as a user does, and every row under it (the editor asks for their
   * children itself); then the view's Refresh, after which the editor reads every expanded row again. Each row under
   * Tenant must show rows, an empty text or an error: a row the extension host forgot ("No tree item with id … found")
   * is never asked for its children, and its expansion never reaches the extension.
   */
  async function walkTenantInEditor(connectionLabel: string, groups: string[]): Promise<void> {
    const editor = editorTakes(ctx.explorer);
    const settled = () => quiescent(() => editor.calls() + ctx.requestsSent);
    // A Tenant row nothing was read of yet, as after signing in.
    await vscode.commands.executeCommand('orchestrator.tree.refresh');
    await settled();
    const connection = await child(undefined, connectionLabel);
    const tenant = (await children(connection))[1]!; // after Failures
    assert.equal(label(tenant), 'Tenant');
    const check = (when: string) => {
      assert.deepEqual(editor.taken.get(tenant.id)?.map(label), groups, `${when}: the rows under Tenant`);
      for (const name of groups) {
        const id = `${tenant.id}/${name.toLowerCase()}`;
        const rows = editor.taken.get(id);
        assert.ok(rows, `${when}: the editor got nothing for ${name}: the extension host no longer knew the row`);
        assert.ok(rows.length > 0, `${when}: ${name} shows rows, an empty text or an error`);
        assert.deepEqual(
          rows.filter((r) => r.item().contextValue === 'error').map(label),
          [],
          `${when}: ${name} has no error row`,
        );
        assert.ok(ctx.explorer.isExpanded({ id } as TreeNode), `${when}: the extension knows ${name} is expanded`);
      }
    };
    try {
      // A folder with subfolders expanded beside it: after a Refresh the editor reads both again in one batch.
      await ctx.explorer.view.reveal(await child(connection, 'Shared'), { expand: true });
      await settled();
      editor.taken.clear();
      await ctx.explorer.view.reveal(tenant, { expand: 2 });
      await settled();
      check('expanded');
      editor.taken.clear();
      await vscode.commands.executeCommand('orchestrator.tree.refresh');
      await settled();
      check('after Refresh');
    } finally {
      editor.restore();
      // Rows left expanded would be read again by the editor after every later sign-in, in other tests' counts.
      await vscode.commands.executeCommand('workbench.actions.treeView.orchestrator.explorer.collapseAll');
    }
  }

  it('shows tenant resources: libraries, webhooks, alerts with the unread count, the license; no Tenants for a non-administrator', async () => {
    const tenant = await child(await child(undefined, 'Sandbox'), 'Tenant');
    // The editor draws the signed-in connection on its own time (its folders are read then): count from a quiet tree.
    await quiescent(() => ctx.requestsSent);
    const before = sent();
    const groups = (await children(tenant)).map(label);
    assert.equal(sent() - before, 2, 'unread count and the administrator probe');
    assert.deepEqual(groups, ['Libraries', 'Webhooks', 'Alerts', 'License']);
    assert.match(String(tenant.item().description), /^\d+ unread alerts?$/);
    const alerts = await child(tenant, 'Alerts');
    assert.match(String(alerts.item().description), /unread/);
    assert.ok((await children(alerts)).some((r) => r.item().contextValue === 'alert.unread'));
    assert.ok((await children(await child(tenant, 'Libraries'))).some((r) => r.item().contextValue === 'library'));
    assert.ok((await children(await child(tenant, 'Webhooks'))).some((r) => r.item().contextValue === 'webhook'));
    const license = (await children(await child(tenant, 'License'))).map(label);
    assert.deepEqual(license.slice(1), ['Unattended', 'Attended', 'NonProduction', 'Development']);
  });

  it('every row under Tenant shows its rows when the editor expands it, also after Refresh', async function () {
    this.timeout(90_000);
    await walkTenantInEditor('Sandbox', ['Libraries', 'Webhooks', 'Alerts', 'License']);
  });

  describe('as a host administrator', () => {
    const admin = () => ctx.connections.all().find((c) => c.label === 'Sandbox admin')!;
    const config = () => vscode.workspace.getConfiguration('orchestrator');
    let original: unknown[];

    before(async function () {
      this.timeout(60_000);
      original = config().get<unknown[]>('connections')!;
      await ctx.auth.createSession([`connection:${admin().id}`]);
    });
    after(async () => {
      await config().update('connections', original, vscode.ConfigurationTarget.Global);
    });

    const tenantRow = async (name: string) => {
      const connection = await child(undefined, 'Sandbox admin');
      assert.equal(connection.item().contextValue, 'connection.signedIn');
      const tenant = (await children(connection))[1]!; // after Failures
      assert.equal(label(tenant), 'Tenant', `the row after Failures under Sandbox admin: ${label(tenant)}`);
      const tenants = await child(tenant, 'Tenants');
      ctx.explorer.refresh(tenants);
      return child(tenants, name);
    };
    const isActive = async () => {
      const res = await ctx.clientFor(admin()).tenant.tenants.list({});
      return res.items.find((t) => t.Name === 'main')!.IsActive;
    };

    it('every row under Tenant, Tenants too, shows its rows when the editor expands it, also after Refresh', async function () {
      this.timeout(90_000);
      await walkTenantInEditor('Sandbox admin', ['Libraries', 'Webhooks', 'Alerts', 'License', 'Tenants']);
    });

    it('lists the host tenants; deactivating asks first and declining changes nothing', async function () {
      this.timeout(30_000);
      const main = await tenantRow('main');
      assert.equal(main.item().contextValue, 'tenant.active');
      const { asked } = await answering(ctx, [{ title: 'Deactivate tenant main?', cancel: true }], () =>
        vscode.commands.executeCommand('orchestrator.deactivateTenant', main),
      );
      assert.deepEqual(
        asked.map((a) => [a.title, a.items]),
        [['Deactivate tenant main?', ['Deactivate']]],
      );
      assert.equal(await isActive(), true);
    });

    it('refuses on a read-only connection without asking', async function () {
      this.timeout(30_000);
      await config().update(
        'connections',
        original.map((c) =>
          (c as { label: string }).label === 'Sandbox admin' ? { ...(c as object), protection: 'readOnly' } : c,
        ),
        vscode.ConfigurationTarget.Global,
      );
      await new Promise((resolve) => setTimeout(resolve, 500));
      assert.equal(admin().protection, 'readOnly');
      const row = await tenantRow('main');
      // The menus offer no change on it (the tree tells them the protection), and the command refuses anyway.
      assert.equal(ctx.explorer.getTreeItem(row).contextValue, 'tenant.active protection.readOnly');
      // A read-only connection is refused before any question: with no answer in the script, a question fails the test.
      await answering(ctx, [], () => vscode.commands.executeCommand('orchestrator.deactivateTenant', row));
      assert.equal(await isActive(), true);
      await config().update('connections', original, vscode.ConfigurationTarget.Global);
      await new Promise((resolve) => setTimeout(resolve, 500));
    });

    it('deactivates and activates again when confirmed; the Tenants row shows the new state', async function () {
      this.timeout(30_000);
      const main = await tenantRow('main');
      assert.equal(
        (
          await answering(ctx, [{ title: 'Deactivate tenant main?', choose: 'Deactivate' }], () =>
            vscode.commands.executeCommand('orchestrator.deactivateTenant', main),
          )
        ).result,
        'main',
      );
      assert.equal(await isActive(), false);
      const inactive = await tenantRow('main');
      assert.equal(inactive.item().contextValue, 'tenant.inactive');
      assert.match(
        String(ctx.explorer.getTreeItem(inactive).contextValue),
        /^tenant\.inactive protection\.(normal|confirm)$/,
      );
      assert.equal(
        (
          await answering(ctx, [{ title: 'Activate tenant main?', choose: 'Activate' }], () =>
            vscode.commands.executeCommand('orchestrator.activateTenant', inactive),
          )
        ).result,
        'main',
      );
      assert.equal(await isActive(), true);
    });
  });
});
