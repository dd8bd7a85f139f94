import assert from 'node:assert/strict';
import { type Api, NS, QNS, signInWithFolders, useSandbox, type ApiResponse } from './helpers';

interface Operation {
  parameters?: ({ $ref: string } | { name: string; in: string; schema: { type?: string; format?: string } })[];
  deprecated?: boolean;
}
interface ApiDefinition {
  openapi: string;
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { parameters: Record<string, { name: string; in: string }> };
}

/** The router's own answers for a path or method it does not serve (unlike an entity that does not exist). */
function isRouteMiss(res: ApiResponse): boolean {
  if (res.status === 405) return true;
  return (
    res.status === 404 &&
    /^(No OData resource|Unknown operation namespace|No API at|'.*' is not an operation)/.test(res.body?.message ?? '')
  );
}

/** Every entity set the spec names, and the operation names it lists: what a client may try. */
const SPEC_SETS = [
  'Account',
  'Alerts',
  'Assets',
  'AuditLogs',
  'Calendars',
  'Environments',
  'ExecutionMedia',
  'Features',
  'Folders',
  'Jobs',
  'Libraries',
  'LicensesNamedUser',
  'LicensesRuntime',
  'Logs',
  'Machines',
  'Permissions',
  'Processes',
  'ProcessSchedules',
  'QueueDefinitions',
  'QueueItemComments',
  'QueueItemEvents',
  'QueueItems',
  'QueueProcessingRecords',
  'Queues',
  'Releases',
  'RobotLogs',
  'Robots',
  'RobotsService',
  'Roles',
  'Sessions',
  'Settings',
  'Stats',
  'Status',
  'Tenants',
  'UserLoginAttempts',
  'Users',
  'Webhooks',
];
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

const DIALECTS = [
  { options: {}, ns: NS, qns: QNS, prefix: 'X-VENDOR' },
  {
    options: {
      namespace: 'Acme.OData',
      queueNamespace: 'AcmeQueues',
      headerPrefix: 'X-ACME',
      serviceSegment: 'orch',
      versionedDefinitionOnly: true,
    },
    ns: 'Acme.OData',
    qns: 'AcmeQueues',
    prefix: 'X-ACME',
  },
];

for (const dialect of DIALECTS) {
  describe(`API definition (${dialect.ns})`, () => {
    const sandbox = useSandbox(dialect.options);
    let definition: ApiDefinition;
    let size: number;
    let admin: Api;
    let folders: Record<string, number>;
    before(async () => {
      const res = await fetch(`${sandbox().orchestratorUrl}/swagger/v20.0/swagger.json`); // no token: it is public
      assert.equal(res.status, 200);
      const text = await res.text();
      size = text.length;
      definition = JSON.parse(text) as ApiDefinition;
      ({ api: admin, folders } = await signInWithFolders(sandbox(), 'admin'));
    });

    it('is an OpenAPI 3 document of bounded size whose server is the service’s base URL', () => {
      assert.match(definition.openapi, /^3\./);
      assert.deepEqual(definition.servers, [{ url: sandbox().orchestratorUrl }]);
      assert.ok(size < 100_000, `${size} characters`);
    });

    it('names operations in the dialect’s namespaces and the folder headers with its prefix', () => {
      const paths = Object.keys(definition.paths);
      for (const path of [
        `/odata/Jobs/${dialect.ns}.StartJobs`,
        `/odata/Queues/${dialect.qns}.AddQueueItem`,
        `/odata/Queues/${dialect.qns}.BulkAddQueueItems`,
        `/odata/QueueItems({key})/${dialect.qns}.SetTransactionProgress`,
        `/odata/AuditLogs/${dialect.ns}.Reports()`,
        `/odata/AuditLogs/${dialect.ns}.GetAuditLogDetails(auditLogId={auditLogId})`,
        `/odata/Processes/${dialect.ns}.GetProcessVersions(processId='{processId}')`,
        '/api/FoldersNavigation/GetFolderNavigationContextForCurrentUser',
      ])
        assert.ok(paths.includes(path), path);
      const others = [NS, QNS, 'Acme.OData', 'AcmeQueues'].filter((n) => n !== dialect.ns && n !== dialect.qns);
      for (const path of paths) {
        const namespace = /\/([A-Za-z_.]+)\.[A-Za-z]+(\(|$)/.exec(path)?.[1];
        if (namespace) assert.ok(!others.includes(namespace), path);
      }
      const headers = Object.values(definition.components.parameters).filter((p) => p.in === 'header');
      // As in published definitions, the folder-Key header is taken (beyondSpec.test.ts) but not listed.
      assert.deepEqual(
        headers.map((h) => h.name).sort(),
        ['FolderPath', 'FolderPath-Encoded', 'OrganizationUnitId'].map((s) => `${dialect.prefix}-${s}`),
      );
      const startJobs = definition.paths[`/odata/Jobs/${dialect.ns}.StartJobs`]!.post!;
      assert.ok(
        startJobs.parameters!.some((p) => '$ref' in p && p.$ref === '#/components/parameters/OrganizationUnitId'),
      );
      const tenants = definition.paths['/odata/Tenants']!.get!;
      assert.ok(!tenants.parameters!.some((p) => '$ref' in p && /Folder|OrganizationUnit/.test(p.$ref)));
    });

    it('serves its API pages (swagger/index.html, swagger/ui/index) naming the versioned document, v1 only if asked', async () => {
      const base = sandbox().orchestratorUrl;
      const versioned = `${base}/swagger/v20.0/swagger.json`;
      for (const page of ['swagger/index.html', 'swagger/ui/index']) {
        const res = await fetch(`${base}/${page}`);
        assert.equal(res.status, 200);
        assert.match(res.headers.get('content-type') ?? '', /text\/html/);
        const text = await res.text();
        assert.ok(!/<script(?![^>]*type="application\/json")/.test(text), `${page}: no script runs`);
        // Swagger UI's configuration names the document by its path on the service's origin.
        const config = /<script type="application\/json" id="swagger-ui-config">(.*?)<\/script>/s.exec(text)?.[1];
        const urls = (JSON.parse(config ?? '{}') as { urls?: { url: string }[] }).urls ?? [];
        assert.deepEqual(
          urls.map((u) => new URL(u.url, base).toString()),
          [versioned],
          page,
        );
      }
      const v1 = await fetch(`${base}/swagger/v1/swagger.json`);
      const versionedOnly = 'versionedDefinitionOnly' in dialect.options;
      assert.equal(v1.status, versionedOnly ? 404 : 200);
      if (!versionedOnly) assert.deepEqual(await v1.json(), definition, 'the same document at v1');
      assert.equal((await fetch(`${base}/swagger/v19.0/swagger.json`)).status, 404);
    });

    it('lists only what the sandbox serves: every operation answers, with a token and a folder', async () => {
      const fill = (path: string) =>
        path
          .replace('{key}', path.includes("('{key}')") ? 'x' : '999999')
          .replace(/\{(\w+)\}/g, (_m, name: string) =>
            /Id$|^key$|^scope$/.test(name)
              ? '999999'
              : name === 'identifier'
                ? '00000000-0000-0000-0000-000000000000'
                : name === 'includeInherited'
                  ? 'true'
                  : 'x',
          );
      for (const [path, methods] of Object.entries(definition.paths))
        for (const method of Object.keys(methods)) {
          const res = await admin.call(fill(path), {
            method: method.toUpperCase(),
            folderId: folders.Shared,
            ...(method === 'get' || method === 'delete' ? {} : { body: {} }),
          });
          assert.ok(!isRouteMiss(res), `${method.toUpperCase()} ${path}: ${res.status} ${res.body?.message}`);
        }
    });

    it('lists everything the sandbox serves: no method of an entity set or of its operations is left out', async () => {
      const shapeOf = (path: string) =>
        path.replace(/(\.[A-Za-z]+)\([^()]*\)$/, '$1').replace(/\('?\{key\}'?\)/, '(…)');
      const listed = new Set(
        Object.entries(definition.paths).flatMap(([path, methods]) =>
          Object.keys(methods).map((m) => `${m.toUpperCase()} ${shapeOf(path)}`),
        ),
      );
      const operationsOf = (set: string) =>
        new Set(
          Object.keys(definition.paths).flatMap(
            (path) => new RegExp(`^/odata/${set}[(/].*\\.([A-Za-z]+)(\\(.*\\))?$`).exec(path)?.[1] ?? [],
          ),
        );
      const probe = async (method: string, shape: string) => {
        const res = await admin.call(shape.replace('(…)', '(999999)'), {
          method,
          folderId: folders.Shared,
          ...(method === 'GET' || method === 'DELETE' ? {} : { body: {} }),
        });
        if (!isRouteMiss(res)) assert.ok(listed.has(`${method} ${shape}`), `${method} ${shape} is served, not listed`);
      };
      for (const set of SPEC_SETS)
        for (const resource of [`/odata/${set}`, `/odata/${set}(…)`]) {
          for (const method of METHODS) await probe(method, resource);
          for (const operation of operationsOf(set))
            for (const namespace of [dialect.ns, dialect.qns])
              for (const method of ['GET', 'POST']) await probe(method, `${resource}/${namespace}.${operation}`);
        }
    });
  });
}
