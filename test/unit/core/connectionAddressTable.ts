// The addresses users paste into Add Connection, and what each must give (connectionAddress.test.ts runs them).
import type { DerivedCloud, DerivedOnPremises } from '../../../src/core/connectionAddress';

export type Expected = (Omit<DerivedCloud, 'notes'> | Omit<DerivedOnPremises, 'notes'>) & { notes?: RegExp };

const host = 'https://cloud.example.com';
export const acme = {
  kind: 'cloud',
  serviceUrl: host,
  account: 'acme',
  tenant: 'DefaultTenant',
  serviceSegment: 'orchestrator_',
  identityUrl: `${host}/identity_`,
  portalUrl: `${host}/acme/DefaultTenant/orchestrator_`,
} as const;
export const acmeMain = {
  kind: 'cloud',
  serviceUrl: host,
  account: 'acme',
  tenant: 'main',
  identityUrl: `${host}/identity`,
  portalUrl: `${host}/acme/main`,
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
/** The tenant of `…/<account>/<tenant>/<segment>/…`: the orchestration service of that tenant. */
const tenantOf = (tenant: string, origin = host, account = 'acme') =>
  ({
    kind: 'cloud',
    serviceUrl: origin,
    account,
    tenant,
    serviceSegment: 'orchestrator_',
    identityUrl: `${origin}/identity_`,
    portalUrl: `${origin}/${account}/${tenant}/orchestrator_`,
  }) as const;
const cloudNoSegment = (account: string, tenant: string, origin = host) =>
  ({
    kind: 'cloud',
    serviceUrl: origin,
    account,
    tenant,
    identityUrl: `${origin}/identity`,
    portalUrl: `${origin}/${account}/${tenant}`,
  }) as const;
/** Another service's page names the tenant; the note says which service it was. */
const otherService = (name: RegExp) => ({ ...tenantOf('main'), notes: name });

/** The 16 addresses of the first table (one moved to AMBIGUOUS), as users copy them. */
export const VALID: [string, string, Expected][] = [
  ['cloud, service segment', `${host}/acme/DefaultTenant/orchestrator_/`, acme],
  [
    'cloud portal page, query and fragment',
    `${host}/acme/DefaultTenant/orchestrator_/jobs?tid=3&fid=12#/details`,
    acme,
  ],
  ['cloud API definition page', `${host}/acme/DefaultTenant/orchestrator_/swagger/ui/index#/Jobs`, acme],
  ['cloud portal page without trailing slash', `${host}/acme/DefaultTenant/orchestrator_`, acme],
  ['cloud, scheme left out by the address bar', 'cloud.example.com/acme/DefaultTenant/orchestrator_/queues', acme],
  ['cloud without a service segment (OData path)', `${host}/acme/main/odata/Jobs`, acmeMain],
  ['cloud without a service segment (API definition)', `${host}/acme/main/swagger/ui/index#/`, acmeMain],
  ['cloud without a service segment (tenant only)', `${host}/acme/main/`, acmeMain],
  [
    'the local sandbox',
    'http://127.0.0.1:5123/sandbox/main',
    cloudNoSegment('sandbox', 'main', 'http://127.0.0.1:5123'),
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
  ['on-premises at the root', 'https://orch.corp.local/', { ...corpRoot, notes: /Only a host was given/ }],
  ['on-premises at the root, API page', 'https://orch.corp.local/swagger/ui/index#/', corpRoot],
  [
    'a bare cloud host is ambiguous: on-premises',
    host,
    { kind: 'onPremises', serviceUrl: host, portalUrl: host, notes: /For a cloud tenant, paste the address/ },
  ],
];

/** Pages of the platform's other services: they name the tenant, whose orchestration service the connection uses. */
export const OTHER_SERVICES: [string, string, Expected][] = [
  [
    'the idea service (refused before)',
    `${host}/acme/main/ideas_/api/v1/openapi`,
    otherService(/of the idea service \(ideas_\)/),
  ],
  ['the action center', `${host}/acme/main/actions_/tasks?state=open`, otherService(/of the action center/)],
  [
    'the tenant page of the platform portal',
    `${host}/acme/main/portal_/home`,
    otherService(/of the platform's portal/),
  ],
  ['the apps service', `${host}/acme/main/apps_/default/run/production/12`, otherService(/of the apps service/)],
  ['the test manager', `${host}/acme/main/testmanager_/projects`, otherService(/of the test manager/)],
  ['the data service', `${host}/acme/main/dataservice_/entities#/Invoice`, otherService(/of the data service/)],
  [
    'the identity provider of the tenant',
    `${host}/acme/main/identity_/users`,
    otherService(/of the identity provider/),
  ],
  ['the insights service', `${host}/acme/main/insights_/dashboards/7`, otherService(/of the insights service/)],
  ['document understanding', `${host}/acme/main/du_/projects`, otherService(/of the document understanding/)],
  ['process mining', `${host}/acme/main/processmining_/apps`, otherService(/of the process mining service/)],
  ['the integration service', `${host}/acme/main/integrationservice_/connectors`, otherService(/integration service/)],
  ['a service segment in capitals', `${host}/acme/main/Actions_/tasks`, otherService(/action center \(Actions_\)/)],
  [
    'another service behind a path prefix',
    'https://gw.example.com/automation/acme/main/studio_/designer',
    {
      ...tenantOf('main', 'https://gw.example.com/automation'),
      notes: /of the web designer.*path before the account \(\/automation\)/,
    },
  ],
];

/** Added: tenants named like a page, and what users really paste (ports, IPv6, slashes, escapes, queries). */
export const ADDED: [string, string, Expected][] = [
  [
    'a tenant named like a page, with the service segment',
    `${host}/acme/Testing/orchestrator_/testing`,
    tenantOf('Testing'),
  ],
  ['a tenant named like a page, API path', `${host}/acme/Testing/odata/Jobs`, cloudNoSegment('acme', 'Testing')],
  [
    'a tenant named like a page, another service',
    `${host}/acme/Home/actions_/tasks`,
    { ...tenantOf('Home'), notes: /action center/ },
  ],
  ['the default port :443 is dropped', 'https://cloud.example.com:443/acme/main/odata', acmeMain],
  [
    'another port (:8443) is kept',
    'https://cloud.example.com:8443/acme/main/odata',
    cloudNoSegment('acme', 'main', 'https://cloud.example.com:8443'),
  ],
  [
    'a port without the scheme',
    'cloud.example.com:8443/acme/main/',
    cloudNoSegment('acme', 'main', 'https://cloud.example.com:8443'),
  ],
  ['IPv6 without a port', 'https://[2001:db8::1]/acme/main', cloudNoSegment('acme', 'main', 'https://[2001:db8::1]')],
  [
    'IPv6 with a port',
    'https://[2001:db8::1]:8443/acme/main/orchestrator_/jobs',
    tenantOf('main', 'https://[2001:db8::1]:8443'),
  ],
  ['IPv6 without the scheme', '[2001:db8::1]/acme/main', cloudNoSegment('acme', 'main', 'https://[2001:db8::1]')],
  ['the local IPv6 sandbox', 'http://[::1]:5123/sandbox/main', cloudNoSegment('sandbox', 'main', 'http://[::1]:5123')],
  ['localhost', 'http://localhost:5123/sandbox/main/jobs', cloudNoSegment('sandbox', 'main', 'http://localhost:5123')],
  ['doubled slashes', `${host}//acme//DefaultTenant//orchestrator_//jobs`, acme],
  ['trailing slashes', `${host}/acme/DefaultTenant/orchestrator_///`, acme],
  ['a percent-encoded hyphen', `${host}/acme/Main%2DTenant/orchestrator_/`, { ...tenantOf('Main-Tenant') }],
  ['a token in the query is dropped', `${host}/acme/main/odata?access_token=eyJhbGciOi.x.y`, acmeMain],
  ['a token in the fragment is dropped', `${host}/acme/DefaultTenant/orchestrator_/#id_token=abc&state=1`, acme],
  ['surrounding spaces', `   ${host}/acme/main/odata/Jobs \n`, acmeMain],
  ['a scheme in capitals', 'HTTPS://CLOUD.EXAMPLE.COM/acme/main/odata', acmeMain],
  ['a page of the tenant with a sub-page', `${host}/acme/DefaultTenant/orchestrator_/jobs/12/details`, acme],
  ['a hash-routed portal page', `${host}/acme/DefaultTenant/orchestrator_/#/queues?fid=3`, acme],
  [
    'the sandbox portal page',
    'http://127.0.0.1:5123/sandbox/staging/jobs',
    cloudNoSegment('sandbox', 'staging', 'http://127.0.0.1:5123'),
  ],
  ['on-premises portal page at the root', 'https://orch.corp.local/jobs', corpRoot],
  ['on-premises, the API root only', 'https://orch.corp.local/Orchestrator/api/Status/Get', corp],
  ['on-premises, SignalR', 'https://orch.corp.local/Orchestrator/signalr/negotiate', corp],
  ['on-premises, a virtual directory only', 'https://orch.corp.local/Orchestrator', corp],
  [
    'a tenant name with _ and -',
    `${host}/acme-corp/main_tenant-2/orchestrator_`,
    { ...tenantOf('main_tenant-2', host, 'acme-corp') },
  ],
  ['an address bar with a trailing ?', `${host}/acme/main/odata/Jobs?`, acmeMain],
];

/** Addresses that read two ways: both readings are offered (the kind and the tenant or service URL of each). */
export const AMBIGUOUS: [string, string, RegExp, string[]][] = [
  [
    'on-premises portal page (in the first table, read as on-premises)',
    'https://orch.corp.local/Orchestrator/jobs?fid=1',
    /Is 'jobs' a tenant's name/,
    ['cloud https://orch.corp.local Orchestrator/jobs', 'onPremises https://orch.corp.local/Orchestrator'],
  ],
  [
    'an account and a page word',
    `${host}/acme/home`,
    /Is 'home' a tenant's name/,
    [`cloud ${host} acme/home`, `onPremises ${host}/acme`],
  ],
  [
    'a tenant named Testing, without a segment',
    `${host}/acme/Testing/`,
    /Is 'Testing' a tenant's name/,
    [`cloud ${host} acme/Testing`, `onPremises ${host}/acme`],
  ],
  [
    'a tenant named like a page, then a page',
    `${host}/acme/home/jobs`,
    /Is 'home' a tenant's name/,
    [`cloud ${host} acme/home`, `onPremises ${host}/acme`],
  ],
  [
    'a segment nobody listed',
    `${host}/acme/main/something_/x`,
    /Is 'something_' where the orchestration service is/,
    [`cloud ${host} acme/main/something_`, `cloud ${host} acme/main/orchestrator_`],
  ],
  [
    'a deployment naming its orchestration service its own way',
    `${host}/acme/main/automation-orch_/odata/Jobs`,
    /Is 'automation-orch_' where/,
    [`cloud ${host} acme/main/automation-orch_`, `cloud ${host} acme/main/orchestrator_`],
  ],
  [
    'a page word after a path that could be a prefix',
    'https://orch.corp.local/Orchestrator/home/main',
    /Is 'home' a tenant's name/,
    ['cloud https://orch.corp.local/Orchestrator home/main', 'onPremises https://orch.corp.local/Orchestrator'],
  ],
];

/** Inputs that must be refused, and the words the refusal must use: the first table's 11 (one now valid), then more. */
export const REFUSED: [string, string, RegExp][] = [
  ['empty', '   ', /Paste the address of your tenant/],
  ['not a URL', 'my tenant', /no spaces/],
  ['not a URL, one word', 'orchestrator', /is not an address/],
  ['ftp', 'ftp://files.example.com/acme/main', /https:\/\/ address .*not one starting with 'ftp'/],
  ['credentials in the URL', 'https://me:secret@cloud.example.com/acme/main', /user name and password/],
  ['http to a non-local host', 'http://cloud.example.com/acme/main/odata', /Use https:\/\/ for 'cloud\.example\.com'/],
  ['the identity provider', `${host}/identity_/connect/authorize?x=1`, /identity provider's address/],
  ['an organization page before the tenant', `${host}/acme/portal_/home`, /'portal_' comes before.*platform's portal/],
  ['an account name with a space', `${host}/my%20org/main/odata`, /'my org' cannot be the account/],
  ['a script', 'javascript:alert(1)', /not one starting with 'javascript'/],
  ['a user name only in the URL', 'https://me@cloud.example.com/acme/main', /user name and password/],
  ['a password only in the URL', 'https://:secret@cloud.example.com/acme/main', /user name and password/],
  ['credentials without a scheme', 'me:secret@cloud.example.com/acme/main', /user name and password/],
  ['a script in capitals', 'JAVASCRIPT:alert(document.cookie)', /not one starting with 'JAVASCRIPT'/],
  ['a script with slashes', 'javascript://%0Aalert(1)', /not one starting with 'javascript'/],
  ['data', 'data:text/html;base64,PHNjcmlwdD4=', /not one starting with 'data'/],
  ['a file', 'file:///etc/passwd', /not one starting with 'file'/],
  ['9,000 characters', `${host}/acme/main/${'a'.repeat(9000)}`, /9\d{3} characters long, too long for an address/],
  ['an undecodable escape', `${host}/acme/ma%E0%A4%A/odata`, /'ma%E0%A4%A' of the address cannot be read/],
  ['an escaped slash in the tenant', `${host}/acme/a%2Fb/odata`, /'a\/b' cannot be the tenant/],
  ['localhost without a scheme', 'localhost:5123/sandbox/main', /Start the address with http:\/\/ or https:\/\//],
  ['the identity provider of an account', `${host}/acme/identity_/login`, /identity provider's address/],
  ['an unknown segment before the tenant', `${host}/acme/something_/x`, /'something_' comes before an account/],
  ['an on-premises identity path', 'https://orch.corp.local/identity/connect/token', /identity provider's address/],
];
