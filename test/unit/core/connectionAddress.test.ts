import assert from 'node:assert/strict';
import {
  deriveConnection,
  type AmbiguousAddress,
  type DerivedCloud,
  type DerivedConnection,
} from '../../../src/core/connectionAddress';
import { ORCHESTRATOR_SEGMENT, OTHER_SERVICE_SEGMENTS } from '../../../src/core/platformServices';
import { ADDED, AMBIGUOUS, OTHER_SERVICES, REFUSED, VALID, type Expected } from './connectionAddressTable';
import {
  connectionId,
  readConnections,
  validateHeaderPrefix,
  validateNamespace,
  validateServiceSegment,
} from '../../../src/core/connections';
import { tenantBaseUrl } from '../../../src/core/http/connection';

/** What a derivation says in one line per reading: the kind, the service URL, and the tenant (with its segment). */
const summary = (d: DerivedConnection) =>
  d.kind === 'cloud'
    ? `cloud ${d.serviceUrl} ${d.account}/${d.tenant}${d.serviceSegment ? `/${d.serviceSegment}` : ''}`
    : `onPremises ${d.serviceUrl}`;

function assertDerived(pasted: string, expected: Expected): void {
  const derived = deriveConnection(pasted);
  assert.ok(derived.kind === 'cloud' || derived.kind === 'onPremises', JSON.stringify(derived));
  const { notes, ...fields } = derived;
  const { notes: expectedNotes, ...expectedFields } = expected;
  assert.deepEqual(fields, expectedFields);
  if (expectedNotes) assert.match(notes.join(' '), expectedNotes);
  else assert.deepEqual(notes, []);
}

describe('a connection from the address a user pastes', () => {
  it('keeps the first table and adds to it', () => {
    // 16 + 11 addresses of the first table: 15 valid, 1 now asked about, 10 refused, 1 (the idea service) now read.
    assert.equal(VALID.length + 1 + REFUSED.slice(0, 10).length + 1, 27);
    assert.ok(OTHER_SERVICES.length >= 12 && AMBIGUOUS.length >= 6, 'other services and ambiguous addresses');
    assert.ok(ADDED.length + OTHER_SERVICES.length - 1 + AMBIGUOUS.length - 1 + REFUSED.length - 10 >= 27);
  });

  for (const [name, pasted, expected] of [...VALID, ...OTHER_SERVICES, ...ADDED])
    it(`${name}: ${pasted.length > 120 ? `${pasted.slice(0, 120)}…` : pasted}`, () => assertDerived(pasted, expected));

  for (const [name, pasted, question, readings] of AMBIGUOUS)
    it(`asks about ${name}: ${pasted}`, () => {
      const derived = deriveConnection(pasted);
      assert.equal(derived.kind, 'ambiguous', JSON.stringify(derived));
      const { question: asked, readings: offered } = derived as AmbiguousAddress;
      assert.match(asked, question);
      assert.deepEqual(
        offered.map((r) => summary(r.derived)),
        readings,
      );
      for (const reading of offered) assert.ok(reading.label && reading.detail, JSON.stringify(reading));
    });

  for (const [name, pasted, refusal] of REFUSED)
    it(`refuses ${name}: ${JSON.stringify(pasted.length > 120 ? `${pasted.slice(0, 120)}…` : pasted)}`, () => {
      const derived = deriveConnection(pasted);
      assert.equal(derived.kind, 'refused', JSON.stringify(derived));
      assert.match((derived as { refusal: string }).refusal, refusal);
    });

  it('names every known service segment, and only orchestrator_ is the orchestration service', () => {
    assert.ok(OTHER_SERVICE_SEGMENTS.length >= 18, OTHER_SERVICE_SEGMENTS.join(', '));
    assert.ok(!OTHER_SERVICE_SEGMENTS.includes(ORCHESTRATOR_SEGMENT));
    for (const segment of OTHER_SERVICE_SEGMENTS) {
      const derived = deriveConnection(`https://cloud.example.com/acme/main/${segment}/x`);
      assert.equal(derived.kind, 'cloud', segment);
      assert.equal((derived as DerivedCloud).serviceSegment, ORCHESTRATOR_SEGMENT, segment);
      assert.match(
        (derived as DerivedCloud).notes.join(' '),
        new RegExp(`This was the address of the .+\\(${segment}\\)`),
      );
    }
  });

  it('repeats no credentials, and refuses the longest text before reading it', () => {
    for (const pasted of [
      'https://me:hunter2@cloud.example.com/acme/main',
      'hunter2@cloud.example.com/acme/main',
      'https://:hunter2@[2001:db8::1]/acme/main',
    ]) {
      const derived = deriveConnection(pasted);
      assert.equal(derived.kind, 'refused', pasted);
      assert.doesNotMatch((derived as { refusal: string }).refusal, /hunter2/);
    }
    const long = deriveConnection(`https://cloud.example.com/${'%E0'.repeat(5000)}`);
    assert.match((long as { refusal: string }).refusal, /15026 characters long/);
  });

  it('shows pasted text back as plain text: no link or codicon survives in a refusal', () => {
    const derived = deriveConnection('https://cloud.example.com/$(alert)x/main/odata');
    assert.equal(derived.kind, 'refused');
    assert.doesNotMatch((derived as { refusal: string }).refusal, /\$\(alert\)/);
    // A path before a page word that could be a tenant is named in the pick's label: never as a codicon.
    const asked = deriveConnection('https://cloud.example.com/$(alert)/home/main') as AmbiguousAddress;
    assert.equal(asked.kind, 'ambiguous');
    assert.deepEqual(
      asked.readings.map((r) => r.label.match(/\$\(/g)?.length),
      [1, 1],
    );
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

describe('the optional naming fields of a connection (namespace, header prefix)', () => {
  it('leave empty or blank alone and take a well-formed value', () => {
    for (const check of [validateNamespace, validateHeaderPrefix]) {
      assert.equal(check(''), undefined);
      assert.equal(check('  '), undefined);
    }
    assert.equal(validateNamespace(' Vendor.Server.Configuration.OData '), undefined);
    assert.equal(validateHeaderPrefix('X-VENDOR'), undefined);
  });

  it('refuse a malformed value, saying what it must be', () => {
    assert.match(validateNamespace('Vendor..OData') ?? '', /names of letters, digits and _ joined by dots/);
    assert.match(validateNamespace('1Vendor') ?? '', /joined by dots/);
    assert.match(validateHeaderPrefix('X_VENDOR') ?? '', /header prefix is letters, digits and -/);
    assert.match(validateHeaderPrefix('-X') ?? '', /header prefix/);
  });
});
