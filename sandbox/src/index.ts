import { createServer } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Clock, createRandom } from './server/clock';
import { notFound } from './server/errors';
import { html, type Reply, type Request } from './server/http';
import { Faults } from './server/faults';
import { RequestTally } from './server/requestTally';
import { homePage } from './server/homePage';
import { adminHandler } from './server/admin';
import { serveRequests } from './server/serve';
import {
  foreignRequest,
  hostNameProblem,
  LOOPBACK_NAMES,
  refuseResponse,
  refuseUpgrade,
  type HostRule,
} from './server/ownHost';
import { ROBOT_APP_PRINCIPAL } from './server/users';
import { TokenStore } from './identity/tokens';
import { handleIdentity, identityRootOf } from './identity/handler';
import { ideaPortal, orchestrationPortal } from './portal/routes';
import { APP_SCOPES, type ConfidentialApplication } from './identity/tokenEndpoint';
import { APP_KEY_HEADER, ideasHandler } from './ideas/handler';
import { createSeedState } from './orchestrator/seed';
import { StateFile } from './server/stateFile';
import { OrchestratorService } from './orchestrator/service';
import { Simulator } from './orchestrator/simulator';
import { API_DEFINITION_PATH, apiDefinitionReply } from './orchestrator/apiDefinition';
import type { OrchestratorOptions } from './orchestrator/context';
import type { TenantState } from './orchestrator/state';
import { DEFAULT_DIALECT, dialectPaths, dialectProblem, IDEAS_SEGMENT, type Dialect } from './dialect';
import type { RunningSandbox, SandboxOptions } from './sandboxOptions';

export type { Dialect } from './dialect';
export {
  foreignRequest,
  LOOPBACK_NAMES,
  refuseResponse,
  refuseUpgrade,
  type HostRule,
  type Refusal,
} from './server/ownHost';

export type { RunningSandbox, SandboxOptions } from './sandboxOptions';

export const ACCOUNT = 'sandbox';
export const IDEAS_PRODUCT = IDEAS_SEGMENT;
export { APP_KEY_HEADER };
/** The confidential application registered in the seed (README, Applications). */
export const APP_CLIENT_ID = 'sandbox-robot-app';

function tlsServer(tls: { cert: string; key: string }) {
  try {
    return createTlsServer(tls);
  } catch (error) {
    throw new Error(`The TLS certificate or key cannot be used: ${(error as Error).message}`, { cause: error });
  }
}

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const dialect: Dialect = {
    namespace: options.namespace ?? DEFAULT_DIALECT.namespace,
    queueNamespace: options.queueNamespace ?? DEFAULT_DIALECT.queueNamespace,
    headerPrefix: options.headerPrefix ?? DEFAULT_DIALECT.headerPrefix,
    ...(options.serviceSegment !== undefined ? { serviceSegment: options.serviceSegment } : {}),
  };
  const problem = dialectProblem(dialect);
  if (problem) throw new Error(problem);
  const hostProblem = hostNameProblem(options.hostName);
  if (hostProblem) throw new Error(hostProblem);
  const paths = dialectPaths(dialect, ACCOUNT);
  const seed = options.seed ?? 1;
  const scale = options.scale ?? 'small';
  const clock = new Clock();
  const random = createRandom(seed ^ 0x5eed);
  const orchestratorOptions: OrchestratorOptions = {
    namespace: dialect.namespace,
    queueNamespace: dialect.queueNamespace,
    headerPrefix: dialect.headerPrefix,
    rateLimitPerMinute: options.rateLimitPerMinute ?? 100,
    exportLimitPerDay: options.exportLimitPerDay ?? 100,
    jobDurationMs: options.jobDurationMs ?? 8000,
    pickupDelayMs: options.pickupDelayMs ?? 1000,
    logIntervalMs: options.logIntervalMs ?? 500,
  };
  const fresh = () => {
    const state = createSeedState({ seed, scale, now: clock.now() });
    state.ideas.customisedFlow = options.customisedIdeaFlow ?? true;
    return state;
  };
  const store = new StateFile(options.stateFile, fresh);

  // New at every start, never saved with --state: whoever starts the sandbox hands them on (the CLI and `npm start`
  // print them, the home page shows them, `npm start` and the test runners pass them to the editor in
  // ORCHESTRATOR_SANDBOX_IDEAS, and the extension stores them for the sandbox's connection). Keeping them in the state
  // file would buy little: `npm start` picks a new port each time, so its connection (whose id includes the port) is
  // new too and gets the new pair; and a test never meets credentials left over from another run. Only a pair typed
  // by hand for a fixed --port must be entered again after a restart, as after a real token rotation.
  // The application's client secret is handed on the same way, for the same reasons.
  const ideasToken = `sbx_ideas_${randomBytes(16).toString('hex')}`;
  const ideasAppKey = `sbx_app_${randomBytes(12).toString('hex')}`;
  const application: ConfidentialApplication = {
    clientId: APP_CLIENT_ID,
    secret: `sbx_secret_${randomBytes(18).toString('base64url')}`,
    grantedScopes: APP_SCOPES,
    principal: ROBOT_APP_PRINCIPAL.userName,
  };
  const faults = new Faults(createRandom(seed + 99));
  const tally = new RequestTally();
  let baseUrl = '';
  const tokens = new TokenStore(clock, options.tokenTtlSeconds ?? 86_400, () => `${baseUrl}${paths.identity}`);
  const orchestrator = new OrchestratorService({
    state: () => store.state,
    tokens,
    clock,
    random,
    options: orchestratorOptions,
    changed: store.changed,
  });
  const simulator = new Simulator(() => store.state.tenants, clock, orchestratorOptions, store.changed);
  const ideasUrl = (tenant: string) => `${baseUrl}/${ACCOUNT}/${tenant}/${IDEAS_SEGMENT}/api/v1/openapi`;
  const handleIdeas = ideasHandler({
    ideasToken,
    ideasAppKey,
    state: () => store.state.ideas,
    now: () => clock.iso(),
    changed: store.changed,
    openapiBase: ideasUrl,
  });
  const handleAdmin = adminHandler({
    faults,
    tally,
    reset: () => {
      store.state = fresh();
      faults.clear();
      orchestrator.resetLimits();
      tokens.revokeAll();
      store.save();
    },
    advanceClock: (seconds) => {
      clock.advance(seconds);
      simulator.tick();
      return clock.iso();
    },
    info: () => info(),
  });

  const info = () => ({
    url: baseUrl,
    identity: `${baseUrl}${paths.identity}`,
    orchestrator: `${baseUrl}${paths.orchestrator('main')}`,
    ideas: ideasUrl('main'),
    apiDefinition: `${baseUrl}${paths.orchestrator('main')}/${API_DEFINITION_PATH}`,
    tenants: store.state.tenants.map((t) => t.Name),
    users: ['admin', 'developer', 'viewer', 'outsider'],
    appClientId: application.clientId,
    scale: store.state.scale,
    seed: store.state.seed,
    namespace: dialect.namespace,
    queueNamespace: dialect.queueNamespace,
    headerPrefix: dialect.headerPrefix,
    serviceSegment: dialect.serviceSegment ?? null,
    now: clock.iso(),
    // Robot-log rows held in memory (a computed log holds none): what reading a huge log must not grow.
    storedLogRows: store.state.tenants.reduce(
      (sum, t) => sum + t.logs.reduce((rows, segment) => rows + (segment.rows?.length ?? 0), 0),
      0,
    ),
  });

  /** The orchestration service below `servicePath` (cloud or on-premises): its API definition, or odata and api. */
  const handleOrchestrator = (req: Request, tenant: TenantState, rest: string[], servicePath: string): Reply => {
    const portal = orchestrationPortal(req, tenant, rest, servicePath);
    if (portal) return portal;
    if (rest[0] === 'swagger')
      return apiDefinitionReply(rest.slice(1), {
        dialect,
        serverUrl: `${baseUrl}${servicePath}`,
        identityUrl: `${baseUrl}${paths.identity}`,
        versionedOnly: options.versionedDefinitionOnly,
      });
    return orchestrator.handle(req, tenant, rest, `${baseUrl}${servicePath}`);
  };

  const route = async (req: Request): Promise<Reply> => {
    const segments = req.url.pathname.split('/').filter(Boolean);
    const [first, second, third, ...rest] = segments;
    if (first === '__sandbox') return handleAdmin(req, segments.slice(1));
    const identityRoot = identityRootOf(segments, paths.identity, ACCOUNT);
    if (identityRoot)
      return handleIdentity(req, identityRoot, baseUrl, {
        tokens,
        tenants: () => store.state.tenants.map((t) => t.Name),
        applications: [application],
      });
    if (first === undefined)
      return html(homePage({ info: info(), ideasToken, ideasAppKey, appClientSecret: application.secret }));
    // On-premises: no account, tenant or service segment; the first tenant.
    if (first === 'odata' || first === 'api' || first === 'swagger' || first === 'folders')
      return handleOrchestrator(req, store.state.tenants[0]!, segments, '');
    if (first !== ACCOUNT) throw notFound(`Unknown account '${first}'. The sandbox serves account '${ACCOUNT}'.`);
    const tenant = store.state.tenants.find((t) => t.Name === second);
    if (!tenant)
      throw notFound(
        `Unknown tenant '${second ?? ''}'. Tenants: ${store.state.tenants.map((t) => t.Name).join(', ')}.`,
      );
    if (third === IDEAS_SEGMENT) return ideaPortal(req, store.state.ideas, rest) ?? handleIdeas(req, tenant.Name, rest);
    const servicePath = paths.orchestrator(tenant.Name);
    if (!dialect.serviceSegment) return handleOrchestrator(req, tenant, segments.slice(2), servicePath);
    if (third !== dialect.serviceSegment)
      throw notFound(
        `No service '${third ?? ''}' in tenant '${tenant.Name}': the orchestration service is at ${servicePath}.`,
      );
    return handleOrchestrator(req, tenant, rest, servicePath);
  };

  const handle = serveRequests({ faults, tally, route, baseUrl: () => baseUrl });

  // Its own names on any port: behind the editor's port proxy (code-server's /proxy/<port>/, where `npm start` opens
  // the sign-in page) Host and Origin name the editor's port. A page of another site names itself, and is refused.
  const hostRule: HostRule = {
    names: new Set([...LOOPBACK_NAMES, ...(options.hostName ? [options.hostName.toLowerCase()] : [])]),
    schemes: ['http', 'https'],
  };
  const server = (options.tls ? tlsServer(options.tls) : createServer()).on('request', (req, res) => {
    // Before anything is read or counted: a page whose name points at 127.0.0.1 sees only this refusal.
    const refusal = foreignRequest(req.headers, hostRule);
    if (refusal) refuseResponse(res, refusal);
    else void handle(req, res);
  });
  // The sandbox has no websockets; an upgrade gets the same refusal when foreign, else a plain 404.
  server.on('upgrade', (req, socket) =>
    refuseUpgrade(socket, foreignRequest(req.headers, hostRule) ?? { status: 404, reason: 'No websockets here.' }),
  );
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  baseUrl = `${options.tls ? 'https' : 'http'}://${options.hostName ?? '127.0.0.1'}:${port}`;
  simulator.start();

  return {
    url: baseUrl,
    identityUrl: `${baseUrl}${paths.identity}`,
    orchestratorUrl: `${baseUrl}${paths.orchestrator('main')}`,
    onPremisesUrl: baseUrl,
    ideasUrl: ideasUrl('main'),
    ideasToken,
    ideasAppKey,
    appClientId: application.clientId,
    appClientSecret: application.secret,
    dialect: { ...dialect },
    close: async () => {
      simulator.stop();
      store.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
