import assert from 'node:assert/strict';
import {
  deriveConnection,
  type Derivation,
  type DerivedCloud,
  type DerivedOnPremises,
} from '../../../src/core/connectionAddress';
import { connectionId, readConnections, validateServiceSegment } from '../../../src/core/connections';
import { tenantBaseUrl } from '../../../src/core/http/connection';

type Expected = (Omit<DerivedCloud, 'notes'> | Omit<DerivedOnPremises, 'notes'>) & { notes?: RegExp };

const acme = {
  kind: 'cloud',
  serviceUrl: 'https://cloud.example.com',
  account: 'acme',
  tenant: 'DefaultTenant',
  serviceSegment: 'orchestrator_',
  identityUrl: 'https://cloud.example.com/identity_',
  portalUrl: 'https://cloud.example.com/acme/DefaultTenant/orchestrator_',
} as const;
const acmeMain = {
  kind: 'cloud',
  serviceUrl: 'https://cloud.example.com',
  account: 'acme',
  tenant: 'main',
  identityUrl: 'https://cloud.example.com/identity',
  portalUrl: 'https://cloud.example.com/acme/main',
} as const;
const corp = {
  kind: 'onPremises',
  serviceUrl: 'https://orch.corp.local/Orchestrator',
  portalUrl: 'https://orch.corp.local/Orchestrator',
} as const;
const corpRoot = {
  kind: 'onPremises',
  serviceUrl: 'https://orch.corp.local',
  portalUrl: 'https://orch.corp.local',
} as const;

/** Addresses as users copy them (portal pages, API pages, the sandbox), and what each must give. */
const VALID: [string, string, Expected][] = [
  ['cloud, service segment', 'https://cloud.example.com/acme/DefaultTenant/orchestrator_/', acme],
  [
    'cloud portal page, query and fragment',
    'https://cloud.example.com/acme/DefaultTenant/orchestrator_/jobs?tid=3&fid=12#/details',
    acme,
  ],
  [
    'cloud API definition page',
    'https://cloud.example.com/acme/DefaultTenant/orchestrator_/swagger/ui/index#/Jobs',
    acme,
  ],
  ['cloud portal page without trailing slash', 'https://cloud.example.com/acme/DefaultTenant/orchestrator_', acme],
  ['cloud, scheme left out by the address bar', 'cloud.example.com/acme/DefaultTenant/orchestrator_/queues', acme],
  ['cloud without a service segment (OData path)', 'https://cloud.example.com/acme/main/odata/Jobs', acmeMain],
  [
    'cloud without a service segment (API definition)',
    'https://cloud.example.com/acme/main/swagger/ui/index#/',
    acmeMain,
  ],
  ['cloud without a service segment (tenant only)', 'https://cloud.example.com/acme/main/', acmeMain],
  [
    'the local sandbox',
    'http://127.0.0.1:5123/sandbox/main',
    {
      kind: 'cloud',
      serviceUrl: 'http://127.0.0.1:5123',
      account: 'sandbox',
      tenant: 'main',
      identityUrl: 'http://127.0.0.1:5123/identity',
      portalUrl: 'http://127.0.0.1:5123/sandbox/main',
    },
  ],
  [
    'cloud behind a path prefix',
    'https://gw.example.com/automation/acme/DefaultTenant/orchestrator_/home',
    {
      kind: 'cloud',
      serviceUrl: 'https://gw.example.com/automation',
      account: 'acme',
      tenant: 'DefaultTenant',
      serviceSegment: 'orchestrator_',
      identityUrl: 'https://gw.example.com/automation/identity_',
      portalUrl: 'https://gw.example.com/automation/acme/DefaultTenant/orchestrator_',
      notes: /path before the account \(\/automation\)/,
    },
  ],
  ['on-premises API definition page', 'https://orch.corp.local/Orchestrator/swagger/ui/index#/', corp],
  ['on-premises OData path', 'https://orch.corp.local/Orchestrator/odata/Jobs', corp],
  ['on-premises portal page', 'https://orch.corp.local/Orchestrator/jobs?fid=1', corp],
  ['on-premises at the root', 'https://orch.corp.local/', { ...corpRoot, notes: /Only a host was given/ }],
  ['on-premises at the root, API page', 'https://orch.corp.local/swagger/ui/index#/', corpRoot],
  [
    'a bare cloud host is ambiguous: on-premises',
    'https://cloud.example.com',
    {
      kind: 'onPremises',
      serviceUrl: 'https://cloud.example.com',
      portalUrl: 'https://cloud.example.com',
      notes: /For a cloud tenant, paste the address of a page inside it/,
    },
  ],
];

/** Inputs that must be refused, and the words the refusal must use. */
const REFUSED: [string, string, RegExp][] = [
  ['empty', '   ', /Paste the address of your tenant/],
  ['not a URL', 'my tenant', /no spaces/],
  ['not a URL, one word', 'orchestrator', /is not an address/],
  ['ftp', 'ftp://files.example.com/acme/main', /https:\/\/ address .*not one starting with 'ftp'/],
  ['credentials in the URL', 'https://me:secret@cloud.example.com/acme/main', /user name and password/],
  ['http to a non-local host', 'http://cloud.example.com/acme/main/odata', /Use https:\/\/ for 'cloud\.example\.com'/],
  ['the identity provider', 'https://cloud.example.com/identity_/connect/authorize?x=1', /identity provider's address/],
  ['an organization page before the tenant', 'https://cloud.example.com/acme/portal_/home', /'portal_' comes before/],
  ['an account name with a space', 'https://cloud.example.com/my%20org/main/odata', /cannot be the account/],
  ['a script', 'javascript:alert(1)', /not one starting with 'javascript'/],
  [
    'the idea service',
    'https://cloud.example.com/acme/main/ideas_/api/v1/openapi',
    /the tenant's idea service.*acme\/main\/orchestrator_/,
  ],
];

describe('a connection from the address a user pastes', () => {
  for (const [name, pasted, expected] of VALID)
    it(`${name}: ${pasted}`, () => {
      const derived = deriveConnection(pasted);
      assert.notEqual(derived.kind, 'refused', JSON.stringify(derived));
      const { notes, ...fields } = derived as Extract<Derivation, { notes: string[] }>;
      const { notes: expectedNotes, ...expectedFields } = expected;
      assert.deepEqual(fields, expectedFields);
      if (expectedNotes) assert.match(notes.join(' '), expectedNotes);
      else assert.deepEqual(notes, []);
    });

  for (const [name, pasted, refusal] of REFUSED)
    it(`refuses ${name}: ${JSON.stringify(pasted)}`, () => {
      const derived = deriveConnection(pasted);
      assert.equal(derived.kind, 'refused', JSON.stringify(derived));
      assert.match((derived as { refusal: string }).refusal, refusal);
    });

  it('shows pasted text back as plain text: no link or codicon survives in a refusal', () => {
    const derived = deriveConnection('https://cloud.example.com/$(alert)x/main/odata');
    assert.equal(derived.kind, 'refused');
    assert.doesNotMatch((derived as { refusal: string }).refusal, /\$\(alert\)/);
  });
});

describe('the service segment of a connection', () => {
  const cloud = {
    label: 'Acme',
    kind: 'cloud' as const,
    serviceUrl: 'https://cloud.example.com',
    identityUrl: 'https://cloud.example.com/identity_',
    account: 'acme',
    tenant: 'DefaultTenant',
  };

  it('is part of the base URL only when set', () => {
    assert.equal(tenantBaseUrl(cloud), 'https://cloud.example.com/acme/DefaultTenant');
    assert.equal(
      tenantBaseUrl({ ...cloud, serviceSegment: 'orchestrator_' }),
      'https://cloud.example.com/acme/DefaultTenant/orchestrator_',
    );
    assert.equal(tenantBaseUrl({ ...cloud, serviceSegment: '' }), 'https://cloud.example.com/acme/DefaultTenant');
    assert.throws(() => tenantBaseUrl({ ...cloud, serviceSegment: '../x' }), /service segment '..\/x' is not valid/);
  });

  it('is part of the id only when set, so the ids of existing settings stay', () => {
    assert.equal(connectionId(cloud), 'https://cloud.example.com/acme/defaulttenant');
    assert.equal(
      connectionId({ ...cloud, serviceSegment: 'Orchestrator_' }),
      'https://cloud.example.com/acme/defaulttenant/orchestrator_',
    );
    assert.equal(connectionId({ ...cloud, serviceSegment: ' ' }), 'https://cloud.example.com/acme/defaulttenant');
  });

  it('is validated: letters, digits, _ and -', () => {
    assert.equal(validateServiceSegment('orchestrator_'), undefined);
    assert.equal(validateServiceSegment(''), undefined);
    assert.match(validateServiceSegment('a/b') ?? '', /letters, digits/);
    const { connections, problems } = readConnections([
      {
        ...cloud,
        serviceSegment: 'orchestrator_',
        portalUrl: 'https://cloud.example.com/acme/DefaultTenant/orchestrator_',
      },
      { ...cloud, label: 'Bad segment', tenant: 'other', serviceSegment: 'a b' },
      { ...cloud, label: 'Bad portal', tenant: 'third', portalUrl: 'ftp://x' },
    ]);
    assert.deepEqual(
      connections.map((c) => [c.label, c.serviceSegment]),
      [['Acme', 'orchestrator_']],
    );
    assert.match(problems[0]!, /'Bad segment'.*service segment/);
    assert.match(problems[1]!, /'Bad portal'.*web portal URL/);
  });
});
