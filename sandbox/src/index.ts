import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync, renameSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { Clock, createRandom } from './server/clock';
import { ErrorCode, HttpError, notFound } from './server/errors';
import { errorReply, json, readRequest, writeReply, html, type Reply, type Request } from './server/http';
import { matchRoute } from './server/router';
import { Faults, parseRules } from './server/faults';
import { RequestTally } from './server/requestTally';
import { homePage } from './server/homePage';
import { TokenStore } from './identity/tokens';
import { IDENTITY_ROUTES } from './identity/routes';
import { IDEA_ROUTES, apiDocument } from './ideas/routes';
import { createSeedState } from './orchestrator/seed';
import { OrchestratorService } from './orchestrator/service';
import { Simulator } from './orchestrator/simulator';
import { ORCHESTRATOR_ROUTES } from './orchestrator/routes';
import type { OrchestratorOptions } from './orchestrator/context';
import type { SandboxState } from './orchestrator/state';

export interface SandboxOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  scale?: 'small' | 'large';
  seed?: number;
  tokenTtlSeconds?: number;
  rateLimitPerMinute?: number;
  exportLimitPerDay?: number;
  namespace?: string;
  headerPrefix?: string;
  /** Persist state to this JSON file and reload it at start. */
  stateFile?: string;
  jobDurationMs?: number;
  pickupDelayMs?: number;
  logIntervalMs?: number;
  /** Legacy idea endpoints answer an error while true (default). */
  customisedIdeaFlow?: boolean;
}

export interface RunningSandbox {
  url: string;
  identityUrl: string;
  orchestratorUrl: string;
  onPremisesUrl: string;
  ideasUrl: string;
  ideasToken: string;
  ideasAppKey: string;
  close(): Promise<void>;
}

export const ACCOUNT = 'sandbox';
export const IDEAS_PRODUCT = 'ideas_';
export const APP_KEY_HEADER = 'X-App-Key';

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const seed = options.seed ?? 1;
  const scale = options.scale ?? 'small';
  const clock = new Clock();
  const random = createRandom(seed ^ 0x5eed);
  const orchestratorOptions: OrchestratorOptions = {
    namespace: options.namespace ?? 'Vendor.Server.Configuration.OData',
    queueNamespace: 'VendorODataSvc',
    headerPrefix: options.headerPrefix ?? 'X-VENDOR',
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
  let state: SandboxState =
    options.stateFile && existsSync(options.stateFile)
      ? (JSON.parse(readFileSync(options.stateFile, 'utf8')) as SandboxState)
      : fresh();

  let saveTimer: NodeJS.Timeout | undefined;
  const save = () => {
    if (!options.stateFile) return;
    writeFileSync(`${options.stateFile}.tmp`, JSON.stringify(state));
    renameSync(`${options.stateFile}.tmp`, options.stateFile);
  };
  const changed = () => {
    if (!options.stateFile || saveTimer) return;
    saveTimer = setTimeout(() => {
      saveTimer = undefined;
      save();
    }, 250);
  };

  // New at every start, never saved with --state: whoever starts the sandbox hands them on (the CLI and `npm start`
  // print them, the home page shows them, `npm start` and the test runners pass them to the editor in
  // ORCHESTRATOR_SANDBOX_IDEAS, and the extension stores them for the sandbox's connection). Keeping them in the state
  // file would buy little: `npm start` picks a new port each time, so its connection (whose id includes the port) is
  // new too and gets the new pair; and a test never meets credentials left over from another run. Only a pair typed
  // by hand for a fixed --port must be entered again after a restart, as after a real token rotation.
  const ideasToken = `sbx_ideas_${randomBytes(16).toString('hex')}`;
  const ideasAppKey = `sbx_app_${randomBytes(12).toString('hex')}`;
  const faults = new Faults(createRandom(seed + 99));
  const tally = new RequestTally();
  let baseUrl = '';
  const tokens = new TokenStore(clock, options.tokenTtlSeconds ?? 86_400, () => `${baseUrl}/identity`);
  const orchestrator = new OrchestratorService({
    state: () => state,
    tokens,
    clock,
    random,
    options: orchestratorOptions,
    changed,
  });
  const simulator = new Simulator(() => state.tenants, clock, orchestratorOptions, changed);

  const ideasHandler = async (req: Request, tenantName: string, rest: string[]): Promise<Reply> => {
    const [api, v1, kind, ...path] = rest;
    if (api !== 'api' || v1 !== 'v1' || (kind !== 'openapi' && kind !== 'api-doc'))
      throw notFound(`No idea-service resource at '/${rest.join('/')}'.`);
    const auth = req.header('authorization')?.match(/^Bearer\s+(.+)$/i)?.[1];
    if (auth !== ideasToken)
      throw new HttpError(
        401,
        ErrorCode.unauthorized,
        'Send the idea-service API token as Authorization: Bearer <token>.',
        { 'WWW-Authenticate': 'Bearer' },
      );
    if (req.header(APP_KEY_HEADER) !== ideasAppKey)
      throw new HttpError(401, ErrorCode.unauthorized, `Send the app key in the ${APP_KEY_HEADER} header.`);
    if (kind === 'api-doc')
      return json(apiDocument(`${baseUrl}/${ACCOUNT}/${tenantName}/${IDEAS_PRODUCT}/api/v1/openapi`));
    const routePath = `/${path.join('/')}`;
    const { route, params, pathKnown } = matchRoute(IDEA_ROUTES, req.method, routePath);
    if (!route)
      throw pathKnown
        ? new HttpError(405, ErrorCode.methodNotAllowed, `${req.method} is not supported on ${routePath}.`)
        : notFound(`No idea-service endpoint at '${routePath}'.`);
    return route.handler(req, params, { state: state.ideas, now: () => clock.iso(), changed });
  };

  const adminHandler = (req: Request, path: string[]): Reply => {
    const what = path.join('/');
    if (what === 'faults' && req.method === 'POST') {
      faults.set(parseRules(req.body));
      return json({ rules: faults.list() });
    }
    if (what === 'faults' && req.method === 'GET') return json({ rules: faults.list() });
    if (what === 'faults' && req.method === 'DELETE') {
      faults.clear();
      return { kind: 'empty', status: 204 };
    }
    if (what === 'reset' && req.method === 'POST') {
      state = fresh();
      faults.clear();
      orchestrator.resetLimits();
      tokens.revokeAll();
      save();
      return json({ reset: true });
    }
    if (what === 'clock' && req.method === 'POST') {
      const seconds = (req.body as { advanceSeconds?: unknown })?.advanceSeconds;
      if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0)
        throw new HttpError(400, ErrorCode.invalidRequest, 'advanceSeconds must be a non-negative number.');
      clock.advance(seconds);
      simulator.tick();
      return json({ now: clock.iso() });
    }
    if (what === 'info' && req.method === 'GET') return json(info());
    if (what === 'requests' && req.method === 'GET') return json(tally.snapshot());
    if (what === 'requests' && req.method === 'DELETE') {
      tally.clear();
      return { kind: 'empty', status: 204 };
    }
    throw notFound(`No sandbox admin endpoint '${req.method} /__sandbox/${what}'.`);
  };

  const info = () => ({
    url: baseUrl,
    identity: `${baseUrl}/identity`,
    orchestrator: `${baseUrl}/${ACCOUNT}/main`,
    ideas: `${baseUrl}/${ACCOUNT}/main/${IDEAS_PRODUCT}/api/v1/openapi`,
    tenants: state.tenants.map((t) => t.Name),
    users: ['admin', 'developer', 'viewer', 'outsider'],
    scale: state.scale,
    seed: state.seed,
    namespace: orchestratorOptions.namespace,
    headerPrefix: orchestratorOptions.headerPrefix,
    now: clock.iso(),
  });

  const route = async (req: Request): Promise<Reply> => {
    const segments = req.url.pathname.split('/').filter(Boolean);
    const [first, second, third, ...rest] = segments;
    if (first === '__sandbox') return adminHandler(req, segments.slice(1));
    if (first === 'identity') {
      const path = `/${segments.slice(1).join('/')}`;
      const { route: r, params, pathKnown } = matchRoute(IDENTITY_ROUTES, req.method, path);
      if (!r)
        throw pathKnown
          ? new HttpError(405, ErrorCode.methodNotAllowed, `${req.method} is not supported on /identity${path}.`)
          : notFound(`No identity endpoint at '/identity${path}'.`);
      return r.handler(req, params, { tokens, tenants: () => state.tenants.map((t) => t.Name) });
    }
    if (first === undefined) return html(homePage({ info: info(), ideasToken, ideasAppKey }));
    if (first === 'odata' || first === 'api') return orchestrator.handle(req, state.tenants[0]!, segments, baseUrl);
    if (first !== ACCOUNT) throw notFound(`Unknown account '${first}'. The sandbox serves account '${ACCOUNT}'.`);
    const tenant = state.tenants.find((t) => t.Name === second);
    if (!tenant)
      throw notFound(`Unknown tenant '${second ?? ''}'. Tenants: ${state.tenants.map((t) => t.Name).join(', ')}.`);
    if (third === IDEAS_PRODUCT) return ideasHandler(req, tenant.Name, rest);
    if (third === 'swagger')
      return html(
        `<!doctype html><title>API definition</title><h1>Orchestration service (sandbox)</h1><ul>${ORCHESTRATOR_ROUTES.map((r) => `<li>${r.method} /odata/${r.set}${r.key ? '(&lt;key&gt;)' : ''}${r.operation ? `/{ns}.${r.operation}` : ''}</li>`).join('')}</ul>`,
      );
    return orchestrator.handle(req, tenant, segments.slice(2), `${baseUrl}/${ACCOUNT}/${tenant.Name}`);
  };

  const handle = async (incoming: IncomingMessage, res: ServerResponse) => {
    let mutate: ((text: string) => string) | undefined;
    try {
      const req = await readRequest(incoming, baseUrl);
      if (!req.url.pathname.startsWith('/__sandbox')) {
        tally.count(req.method, req.url.pathname);
        const fault = faults.match(req.method, req.url.pathname);
        if (fault.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
        const action = fault.action;
        if (action?.kind === 'reset' || action?.kind === 'error') {
          // A fault "after" lets the request do its work first: the client sees the failure, the change is made.
          if (action.after) await route(req).catch(() => undefined);
          if (action.kind === 'reset') {
            incoming.socket.destroy();
            return;
          }
          throw action.error;
        }
        if (action?.kind === 'mutate') mutate = action.mutate;
      }
      writeReply(res, await route(req), mutate);
    } catch (error) {
      if (error instanceof HttpError) {
        writeReply(res, errorReply(error));
      } else {
        console.error('sandbox: unexpected error', error);
        writeReply(res, errorReply(new HttpError(500, 9999, `Internal sandbox error: ${(error as Error).message}`)));
      }
    }
  };

  const server = createServer((req, res) => void handle(req, res));
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  baseUrl = `http://127.0.0.1:${port}`;
  simulator.start();

  return {
    url: baseUrl,
    identityUrl: `${baseUrl}/identity`,
    orchestratorUrl: `${baseUrl}/${ACCOUNT}/main`,
    onPremisesUrl: baseUrl,
    ideasUrl: `${baseUrl}/${ACCOUNT}/main/${IDEAS_PRODUCT}/api/v1/openapi`,
    ideasToken,
    ideasAppKey,
    close: async () => {
      simulator.stop();
      clearTimeout(saveTimer);
      save();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
