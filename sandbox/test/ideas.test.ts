import assert from 'node:assert/strict';
import { useSandbox, type Sandbox } from './helpers';

class Ideas {
  constructor(
    private readonly sandbox: Sandbox,
    private readonly auth: { token?: string; appKey?: string } = {},
  ) {}

  async call(method: string, path: string, body?: unknown, base = this.sandbox.ideasUrl) {
    const headers: Record<string, string> = {};
    const token = this.auth.token ?? this.sandbox.ideasToken;
    const appKey = this.auth.appKey ?? this.sandbox.ideasAppKey;
    if (token) headers.authorization = `Bearer ${token}`;
    if (appKey) headers['X-App-Key'] = appKey;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${base}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  }
}

describe('idea-management service', () => {
  const sandbox = useSandbox();
  const ideas = () => new Ideas(sandbox());
  const validValues = {
    name: 'Automate vendor statements',
    description: 'Match statements to the ledger.',
    category: 2,
    frequency: 'weekly',
    rulesBased: true,
    applications: ['sap', 'excel'],
    hoursSavedPerMonth: 12.5,
    targetDate: '2027-03-01',
    processOwner: 2,
  };

  it('needs both the API token and the app key', async () => {
    assert.equal((await new Ideas(sandbox(), { token: 'wrong' }).call('GET', '/automations')).status, 401);
    assert.equal((await new Ideas(sandbox(), { appKey: 'wrong' }).call('GET', '/automations')).status, 401);
    const ok = await ideas().call('GET', '/automations');
    assert.equal(ok.status, 200);
  });

  it('serves an OpenAPI definition of its own endpoints at api-doc', async () => {
    const doc = await ideas().call('GET', '/', undefined, sandbox().ideasUrl.replace(/openapi$/, 'api-doc'));
    assert.equal(doc.status, 200);
    assert.equal(doc.body.openapi, '3.0.3');
    for (const path of [
      '/idea-schema',
      '/idea-from-schema',
      '/automations/status',
      '/automation-store/{automationId}/reviews',
    ])
      assert.ok(doc.body.paths[path], path);
    assert.equal(doc.body.components.securitySchemes.appKey.name, 'X-App-Key');
  });

  it('describes the form with every field type', async () => {
    const schema = (await ideas().call('GET', '/idea-schema')).body.data;
    assert.deepEqual([...new Set(schema.fields.map((f: { type: string }) => f.type))].sort(), [
      'category',
      'date',
      'longText',
      'multipleChoice',
      'number',
      'singleChoice',
      'text',
      'user',
      'yesNo',
    ]);
    assert.ok(schema.fields.some((f: { required: boolean }) => f.required));
  });

  it('accepts a valid idea from the schema', async () => {
    const res = await ideas().call('POST', '/idea-from-schema', { schemaVersion: 3, values: validValues });
    assert.equal(res.status, 201);
    assert.equal(res.body.data.phase, 'Idea');
    assert.equal(res.body.data.status, 'Awaiting Review');
    const list = await ideas().call('GET', `/automations?search=${encodeURIComponent('vendor statements')}`);
    assert.equal(list.body.data.length, 1);
  });

  it('answers field-level errors for an invalid idea', async () => {
    const res = await ideas().call('POST', '/idea-from-schema', {
      values: {
        name: 'two\nlines',
        description: '',
        category: 999,
        frequency: 'hourly',
        rulesBased: 'yes',
        applications: ['sap', 'sap'],
        hoursSavedPerMonth: -1,
        targetDate: '03/01/2027',
        processOwner: 42,
        extra: 1,
      },
    });
    assert.equal(res.status, 400);
    assert.equal(res.body.errorCode, 2003);
    const fields = res.body.errors.map((e: { field: string }) => e.field).sort();
    assert.deepEqual(fields, [
      'applications',
      'category',
      'description',
      'extra',
      'frequency',
      'hoursSavedPerMonth',
      'name',
      'processOwner',
      'rulesBased',
      'targetDate',
    ]);
    assert.equal(
      (await ideas().call('POST', '/idea-from-schema', { schemaVersion: 1, values: validValues })).status,
      409,
    );
  });

  it('refuses the legacy endpoints while the idea flow is customised', async () => {
    const res = await ideas().call('POST', '/automationidea', { name: 'x', description: 'y' });
    assert.equal(res.status, 409);
    assert.match(res.body.message, /idea-from-schema/);
  });

  it('moves ideas along documented transitions only', async () => {
    const created = (await ideas().call('POST', '/idea-from-schema', { values: validValues })).body.data;
    const move = (phase: string, status: string) =>
      ideas().call('POST', '/automations/status', { automationId: created.id, phase, status });
    const skip = await move('Development', 'In Progress');
    assert.equal(skip.status, 409);
    assert.match(skip.body.message, /Allowed: Idea\/Approved/);
    assert.equal((await move('Idea', 'Approved')).status, 200);
    assert.equal((await move('Assessment', 'Not Started')).body.data.phase, 'Assessment');
    assert.equal((await move('Nowhere', 'Lost')).status, 400);
  });

  it('pages lists and validates paging parameters', async () => {
    const page = await ideas().call('GET', '/automations?page=2&pageSize=5');
    assert.equal(page.body.data.length, 5);
    assert.equal(page.body.page.number, 2);
    assert.ok(page.body.page.total >= 12);
    assert.equal((await ideas().call('GET', '/automations?pageSize=500')).status, 400);
    assert.equal((await ideas().call('GET', '/automations/99999/documents')).status, 404);
    assert.equal((await ideas().call('GET', '/nothing-here')).status, 404);
  });

  it('serves the rest of the endpoint table', async () => {
    for (const path of [
      '/automations/collaborators',
      '/automations/1/documents',
      '/automations/1/components',
      '/automations/1/schema',
      '/questionnaire',
      '/cba',
      '/automationpipeline',
      '/users',
      '/roles',
      '/appinventory',
      '/hierarchy',
      '/components',
      '/automation-store',
      '/automation-store/4/reviews',
    ]) {
      assert.equal((await ideas().call('GET', path)).status, 200, path);
    }
    assert.equal(
      (await ideas().call('POST', '/automations/1/tags', { tags: ['finance', 'quick-win'] })).body.data.length,
      2,
    );
    assert.equal((await ideas().call('PUT', '/automation/1/categories', { categoryId: 3 })).body.data.categoryId, 3);
    assert.equal(
      (await ideas().call('POST', '/adduser', { email: 'not-an-email', firstName: 'A', lastName: 'B' })).status,
      400,
    );
    assert.equal(
      (await ideas().call('POST', '/adduser', { email: 'new@sandbox.test', firstName: 'New', lastName: 'User' }))
        .status,
      201,
    );
    const app = await ideas().call('PUT', '/appinventory', { name: 'Salesforce' });
    assert.equal((await ideas().call('DELETE', `/appinventory/${app.body.data.id}`)).status, 204);
  });
});

describe('idea-management service with the legacy flow', () => {
  const sandbox = useSandbox({ customisedIdeaFlow: false });
  it('accepts legacy idea submissions', async () => {
    const res = await new Ideas(sandbox()).call('POST', '/automationidea', {
      name: 'Legacy idea',
      description: 'Submitted the old way',
    });
    assert.equal(res.status, 201);
    assert.equal(res.body.data.source, 'automationidea');
  });
});
