import assert from 'node:assert/strict';
import { startSandbox, type RunningSandbox } from '@orchestrator-workbench/sandbox';
import { IdeaClient } from '../../../src/core/ideas/client';
import { type OrchestratorError } from '../../../src/core/http/errors';

describe('idea-service client against the sandbox', () => {
  let sandbox: RunningSandbox;
  let client: IdeaClient;
  before(async () => {
    sandbox = await startSandbox({});
    client = new IdeaClient({
      baseUrl: sandbox.ideasUrl,
      token: async () => sandbox.ideasToken,
      appKey: async () => sandbox.ideasAppKey,
      fetch: (url, init) => (sent++, fetch(url, init)),
    });
  });
  after(() => sandbox.close());
  let sent = 0;

  it('refuses a search text too long for an address before sending, naming the field (the sandbox said 431)', async () => {
    const before = sent;
    for (const search of ['x'.repeat(100_000), 'é'.repeat(1_500), 'ok\uD800']) {
      await assert.rejects(client.ideas({ search }), (e: Error) =>
        /^The search text (is too long|contains a broken)/.test(e.message),
      );
    }
    await assert.rejects(
      client.ideas({ search: 'x'.repeat(100_000) }),
      /The search text is too long to send: 100,000 characters, at most 2,000\./,
    );
    assert.equal(sent, before, 'nothing was sent');
    assert.ok(
      (await client.ideas({ search: 'x'.repeat(2_000) })).data.length >= 0,
      'the longest allowed one is served',
    );
    assert.equal(sent, before + 1);
  });

  const values = {
    name: 'Reconcile bank statements',
    description: 'Daily match of statements',
    category: 2,
    frequency: 'daily',
    rulesBased: true,
  };

  it('reads the form and submits a valid idea; checks values before sending', async () => {
    const form = await client.schema();
    assert.equal(form.fields.length, 9);
    const idea = await client.submit(form, values);
    assert.equal(idea.status, 'Awaiting Review');
    await assert.rejects(
      client.submit(form, { ...values, frequency: 'hourly', extra: 1 }),
      (e: OrchestratorError) => e.kind === 'invalidInput' && /frequency/.test(e.message) && /extra/.test(e.message),
    );
    await assert.rejects(
      client.submit(form, { ...values, category: 999 }),
      (e: OrchestratorError) =>
        e.status === 400 &&
        /invalid field/.test(e.message) &&
        e.fieldErrors?.length === 1 &&
        e.fieldErrors[0]!.field === 'category',
    );
    const reopened = await client.ideaForm(idea.id);
    assert.equal(reopened.values.name, values.name);
    assert.equal((await client.updateIdea(idea.id, { ...values, name: 'Renamed idea' })).name, 'Renamed idea');
  });

  it('covers the rest of the endpoint table', async () => {
    const page = await client.ideas({ page: 1, pageSize: 5 });
    assert.equal(page.data.length, 5);
    const id = page.data[0]!.id;
    assert.ok((await client.collaborators()).data.length > 0);
    await client.addCollaborator(id, 3);
    await client.removeCollaborator(id, 3);
    await client.addDocument(id, { name: 'Spec', url: 'https://docs.example.test/spec' });
    assert.equal((await client.documents(id)).data.length, 1);
    await client.components(id);
    assert.ok((await client.components()).data.length > 0);
    assert.ok((await client.questionnaire()).data.length > 0);
    assert.ok((await client.costBenefit()).data.length > 0);
    await client.setProjectPlanBaseline(id, { start: '2026-01-01' });
    await client.addMedia(id, { name: 'Screen', url: 'https://media.example.test/1.png' });
    assert.deepEqual((await client.setTags(id, ['a', 'b'])).data, ['a', 'b']);
    assert.equal((await client.setCategory(id, 3)).data.categoryId, 3);
    assert.ok((await client.pipeline()).data.length > 0);
    assert.ok((await client.users()).data.length >= 3);
    assert.ok((await client.roles()).data.length > 0);
    const user = await client.addUser({ email: 'core@sandbox.test', firstName: 'Core', lastName: 'Client' });
    await client.editUser({ id: user.data.id, lastName: 'Tested' });
    await assert.rejects(client.addUser({ email: 'nope', firstName: 'a', lastName: 'b' }), /e-mail/);
    const app = await client.saveApplication({ name: 'Workday' });
    assert.ok((await client.applications()).data.some((a) => a.name === 'Workday'));
    await client.deleteApplication(app.data.id);
    const categories = (await client.categories()).data;
    await client.replaceCategories(categories.map((c) => ({ id: c.id, name: c.name, parentId: c.parentId })));
    await client.store();
    await client.reviews(4);
    await assert.rejects(
      client.legacySubmit('automationidea', { name: 'x', description: 'y' }),
      (e: OrchestratorError) => e.status === 409,
    );
  });

  it('moves an idea only along allowed transitions', async () => {
    const idea = await client.submit(await client.schema(), values);
    assert.equal((await client.moveStatus(idea.id, 'Idea', 'Approved')).status, 'Approved');
    await assert.rejects(
      client.moveStatus(idea.id, 'Live', 'Live'),
      (e: OrchestratorError) => e.status === 409 && /Allowed/.test(e.message),
    );
  });

  it('fails clearly without the right token or app key', async () => {
    const wrongKey = new IdeaClient({
      baseUrl: sandbox.ideasUrl,
      token: async () => sandbox.ideasToken,
      appKey: async () => 'wrong',
      fetch: (url, init) => fetch(url, init),
    });
    await assert.rejects(wrongKey.schema(), (e: OrchestratorError) => e.status === 401 && /X-App-Key/.test(e.message));
  });
});
