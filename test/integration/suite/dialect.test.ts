import assert from 'node:assert/strict';
import type { Ctx } from '../../../src/ctx';
import { extensionContext } from '../../support/extensionContext';
import { mainServicePath } from './sandboxPaths';
import { treeWalk } from './treeWalk';

// The service's own names (its dialect), read from its API definition: in the spec's dialect, and in another with a
// service segment when the runner starts the sandbox so (npm run test:integration:dialect).
describe("The service's dialect, read from its API definition", () => {
  let ctx: Ctx;
  const sandbox = () => ctx.connections.all().find((c) => c.label === 'Sandbox')!;
  const { children, child } = treeWalk(() => ctx.explorer);

  before(async () => {
    ctx = await extensionContext();
    await ctx.ready;
  });

  after(async () => {
    for (const account of ctx.sessions.accounts()) await ctx.sessions.remove(account.id);
  });

  it("reads the service's API definition once and speaks its names", async function () {
    this.timeout(60_000);
    await ctx.auth.createSession([`connection:${sandbox().id}`]);
    const root = await child(undefined, 'Sandbox');
    const shared = await child(root, 'Shared');
    await children(await child(shared, 'Jobs'));
    await children(await child(shared, 'Queues'));
    assert.equal(ctx.dialects.readingsOf(sandbox().id), 1, 'one reading for the connection, kept after it');
    const acme = mainServicePath().endsWith('/orchestrator_');
    const dialect = await ctx.dialects.forConnection(sandbox());
    assert.equal(dialect.headerPrefix, acme ? 'X-ACME' : 'X-VENDOR');
    assert.equal(dialect.queueNamespace, acme ? 'AcmeQueues' : 'VendorODataSvc');
    // Found where real deployments publish it (the acme run's sandbox serves nothing at v1), and kept.
    assert.equal(dialect.definitionPath, `${mainServicePath()}/swagger/v20.0/swagger.json`);
    assert.equal(dialect.folderKey, 'accepted', "the folders' lists tried the folder-Key header, and it was taken");
  });
});
