import assert from 'node:assert/strict';
import {
  connectionId,
  ideasBaseUrl,
  readConnections,
  validateClientId,
  validateLogicalName,
  validateUrl,
} from '../../../src/core/connections';

describe('connections', () => {
  it('validates URLs as the user types: malformed, wrong scheme, plain http to a remote host, credentials', () => {
    assert.equal(validateUrl('https://cloud.example.com'), undefined);
    assert.equal(validateUrl('http://127.0.0.1:8080'), undefined);
    assert.match(validateUrl('') ?? '', /Enter/);
    assert.match(validateUrl('cloud.example.com') ?? '', /not a valid URL/);
    assert.match(validateUrl('ftp://cloud.example.com') ?? '', /https/);
    assert.match(validateUrl('http://cloud.example.com') ?? '', /unencrypted/);
    assert.match(validateUrl('https://user:pw@cloud.example.com') ?? '', /credentials/);
    assert.match(validateUrl('https://cloud.example.com/?a=1') ?? '', /query/);
  });

  it('validates logical names and client ids', () => {
    assert.equal(validateLogicalName('sandbox', 'account'), undefined);
    assert.match(validateLogicalName('my tenant', 'tenant') ?? '', /letters, digits/);
    assert.match(validateLogicalName('a/b', 'tenant') ?? '', /letters, digits/);
    assert.match(validateLogicalName('', 'account') ?? '', /Enter/);
    assert.equal(validateClientId('orchestrator-workbench'), undefined);
    assert.match(validateClientId('two words') ?? '', /single word/);
  });

  it('reads the setting into usable connections with defaults, and explains the entries it cannot use', () => {
    const { connections, problems } = readConnections([
      {
        label: 'Sandbox',
        kind: 'cloud',
        serviceUrl: 'http://127.0.0.1:9/',
        identityUrl: 'http://127.0.0.1:9/identity',
        account: 'sandbox',
        tenant: 'main',
      },
      {
        label: 'Copy',
        kind: 'cloud',
        serviceUrl: 'http://127.0.0.1:9',
        identityUrl: 'http://127.0.0.1:9/identity',
        account: 'Sandbox',
        tenant: 'MAIN',
      },
      { label: 'Broken', kind: 'cloud', serviceUrl: 'nope' },
      { label: 'On-prem', kind: 'onPremises', serviceUrl: 'https://orch.corp.example', protection: 'readOnly' },
      { kind: 'cloud' },
    ]);
    assert.deepEqual(
      connections.map((c) => [c.label, c.id, c.clientId, c.protection]),
      [
        ['Sandbox', 'http://127.0.0.1:9/sandbox/main', 'orchestrator-workbench', 'normal'],
        ['On-prem', 'https://orch.corp.example', 'orchestrator-workbench', 'readOnly'],
      ],
    );
    assert.equal(connections[0]!.scopes, 'openid profile offline_access email');
    assert.equal(problems.length, 3);
    assert.match(problems[0]!, /'Copy'.*same tenant/);
    assert.match(problems[1]!, /'Broken'.*not a valid URL/);
    assert.match(problems[2]!, /#5/);
    assert.deepEqual(readConnections('x').problems, ['orchestrator.connections must be a list.']);
    assert.equal(ideasBaseUrl(connections[0]!), 'http://127.0.0.1:9/sandbox/main/ideas_/api/v1/openapi');
    assert.equal(ideasBaseUrl(connections[1]!), undefined);
    assert.equal(
      connectionId({ label: 'x', kind: 'onPremises', serviceUrl: 'HTTPS://A.example/' }),
      'https://a.example',
    );
  });
});
