// Conformance helpers: everything goes over real HTTP. Only the public entry point (startSandbox) is imported.
import { createHash, randomBytes } from 'node:crypto';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../src/index';

export const NS = 'Vendor.Server.Configuration.OData';
export const QNS = 'VendorODataSvc';
export const CLIENT_ID = 'orchestrator-workbench';
export const REDIRECT = 'http://127.0.0.1:53682/callback';

export type Sandbox = RunningSandbox;

/** A dialect a suite runs in: the sandbox's options and the names a client then uses. */
export interface TestDialect {
  name: string;
  options: SandboxOptions;
  ns: string;
  qns: string;
  prefix: string;
  segment?: string;
}

/** The spec's placeholders, and the names of a deployment that uses its own for every one of them. */
export const DIALECTS: readonly TestDialect[] = [
  { name: 'the default dialect', options: {}, ns: NS, qns: QNS, prefix: 'X-VENDOR' },
  {
    name: 'a custom dialect',
    options: {
      namespace: 'Acme.Orchestration.OData',
      queueNamespace: 'AcmeQueues',
      headerPrefix: 'X-ACME',
      serviceSegment: 'orchestrator_',
    },
    ns: 'Acme.Orchestration.OData',
    qns: 'AcmeQueues',
    prefix: 'X-ACME',
    segment: 'orchestrator_',
  },
];

export function useSandbox(options: SandboxOptions = {}): () => Sandbox {
  let sandbox: Sandbox | undefined;
  before(async () => {
    sandbox = await startSandbox(options);
  });
  after(async () => {
    await sandbox?.close();
  });
  return () => sandbox!;
}

export function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

export interface AuthorizeOptions {
  user?: string;
  tenant?: string;
  challenge?: string;
  redirectUri?: string;
  clientId?: string;
  state?: string;
  nonce?: string;
  extra?: Record<string, string>;
}

export function authorizeUrl(sandbox: Sandbox, options: AuthorizeOptions = {}): string {
  const params = new URLSearchParams({
    response_type: 'code',
    nonce: options.nonce ?? 'nonce-1',
    state: options.state ?? 'state-1',
    code_challenge: options.challenge ?? pkce().challenge,
    code_challenge_method: 'S256',
    scope: 'openid profile offline_access email',
    audience: 'https://orchestrator.example.test',
    client_id: options.clientId ?? CLIENT_ID,
    redirect_uri: options.redirectUri ?? REDIRECT,
    ...(options.user ? { login_hint: options.user, prompt: 'none' } : {}),
    ...(options.tenant ? { tenant: options.tenant } : {}),
    ...options.extra,
  });
  return `${sandbox.identityUrl}/authorize?${params}`;
}

/** Runs the authorization request with prompt=none and returns the redirect's query. */
export async function authorize(sandbox: Sandbox, options: AuthorizeOptions = {}): Promise<URLSearchParams> {
  const res = await fetch(authorizeUrl(sandbox, options), { redirect: 'manual' });
  if (res.status !== 302) throw new Error(`authorize answered ${res.status}: ${await res.text()}`);
  return new URL(res.headers.get('location')!).searchParams;
}

export async function tokenRequest(sandbox: Sandbox, body: Record<string, string>): Promise<Response> {
  return fetch(`${sandbox.identityUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** The seed application's client-credentials token request at `<root>/connect/token` (default: the provider's URL). */
export function applicationToken(sandbox: Sandbox, root = sandbox.identityUrl): Promise<Response> {
  return fetch(`${root}/connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: sandbox.appClientId,
      client_secret: sandbox.appClientSecret,
    }),
  });
}

export interface TokenSet {
  access_token: string;
  refresh_token: string;
  id_token: string;
  scope: string;
  expires_in: number;
  token_type: string;
}

export async function signIn(sandbox: Sandbox, user = 'developer', tenant?: string): Promise<TokenSet> {
  const { verifier, challenge } = pkce();
  const query = await authorize(sandbox, { user, tenant, challenge });
  const res = await tokenRequest(sandbox, {
    grant_type: 'authorization_code',
    code: query.get('code')!,
    redirect_uri: REDIRECT,
    code_verifier: verifier,
    client_id: CLIENT_ID,
  });
  if (res.status !== 200) throw new Error(`token exchange failed: ${await res.text()}`);
  return (await res.json()) as TokenSet;
}

export interface CallOptions {
  method?: string;
  body?: unknown;
  folderId?: number;
  folderPath?: string;
  encodedFolderPath?: string;
  folderKey?: string;
  headers?: Record<string, string>;
  token?: string | null;
}

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/** Where a tenant's orchestration service lives in the sandbox's dialect: `/sandbox/<tenant>[/<segment>]`. */
export function serviceUrl(sandbox: Pick<Sandbox, 'url'> & Partial<Pick<Sandbox, 'dialect'>>, tenant = 'main'): string {
  const segment = sandbox.dialect?.serviceSegment;
  return `${sandbox.url}/sandbox/${tenant}${segment ? `/${segment}` : ''}`;
}

/** A small client for the orchestration service of one tenant, as one signed-in user. */
export class Api {
  constructor(
    private readonly base: string,
    readonly token: string,
    /** The folder headers' prefix of the sandbox's dialect. */
    readonly headerPrefix = 'X-VENDOR',
  ) {}

  static async as(sandbox: Sandbox, user = 'developer', tenant = 'main'): Promise<Api> {
    const tokens = await signIn(sandbox, user, tenant);
    return new Api(serviceUrl(sandbox, tenant), tokens.access_token, sandbox.dialect?.headerPrefix);
  }

  async call<T = any>(path: string, options: CallOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token !== null) headers.authorization = `Bearer ${options.token ?? this.token}`;
    const prefix = this.headerPrefix;
    if (options.folderId !== undefined) headers[`${prefix}-OrganizationUnitId`] = String(options.folderId);
    if (options.folderPath !== undefined) headers[`${prefix}-FolderPath`] = options.folderPath;
    if (options.encodedFolderPath !== undefined) headers[`${prefix}-FolderPath-Encoded`] = options.encodedFolderPath;
    if (options.folderKey !== undefined) headers[`${prefix}-FolderKey`] = options.folderKey;
    // A FormData body is sent as multipart/form-data, its boundary in the content type fetch writes.
    const form = options.body instanceof FormData ? options.body : undefined;
    if (options.body !== undefined && !form) headers['content-type'] = 'application/json';
    const res = await fetch(`${this.base}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    });
    const text = await res.text();
    let body: any = text;
    if ((res.headers.get('content-type') ?? '').includes('json') && text) body = JSON.parse(text);
    return { status: res.status, headers: res.headers, body };
  }

  /** The undecoded response, for binary bodies such as package downloads. */
  raw(path: string): Promise<Response> {
    return fetch(`${this.base}${path}`, { headers: { authorization: `Bearer ${this.token}` } });
  }

  get<T = any>(path: string, options: CallOptions = {}) {
    return this.call<T>(path, options);
  }

  post<T = any>(path: string, body: unknown, options: CallOptions = {}) {
    return this.call<T>(path, { ...options, method: 'POST', body });
  }
}

export const odata = (path: string, query: Record<string, string> = {}) => {
  const q = new URLSearchParams(query).toString();
  return `/odata/${path}${q ? `?${q}` : ''}`;
};

/** Folder ids by display name, through the folder listing. */
export async function folderIds(api: Api): Promise<Record<string, number>> {
  const res = await api.get(odata('Folders'));
  return Object.fromEntries(res.body.value.map((f: { DisplayName: string; Id: number }) => [f.DisplayName, f.Id]));
}

export function encodeFolderPath(path: string): string {
  return Buffer.from(path, 'utf16le').toString('base64');
}

export async function admin(sandbox: Sandbox, path: string, body?: unknown): Promise<Response> {
  return fetch(`${sandbox.url}/__sandbox/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body ?? {}),
  });
}

export async function waitFor<T>(
  probe: () => Promise<T | undefined>,
  what: string,
  attempts = 200,
  intervalMs = 50,
): Promise<T> {
  for (let i = 0; i < attempts; i++) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

/** Values for every required input argument declared in a package's Arguments.Input text. */
export function requiredInputsFor(declaredJson: string | null | undefined): Record<string, unknown> {
  const declared: { name: string; type: string; required?: boolean; hasDefault?: boolean }[] = JSON.parse(
    declaredJson ?? '[]',
  );
  const sample = (type: string): unknown =>
    type.endsWith('[]')
      ? []
      : type.includes('Dictionary')
        ? {}
        : /Int|Double/.test(type)
          ? 1
          : type.includes('Boolean')
            ? true
            : type.includes('DateTime')
              ? '2026-01-01T00:00:00Z'
              : 'x';
  return Object.fromEntries(declared.filter((d) => d.required && !d.hasDefault).map((d) => [d.name, sample(d.type)]));
}

/** Values for every required input argument of a release's package, so StartJobs accepts the request. */
export async function requiredInputs(
  api: Api,
  release: { ProcessKey: string; ProcessVersion: string },
  namespace = NS,
): Promise<Record<string, unknown>> {
  const key = encodeURIComponent(`${release.ProcessKey}:${release.ProcessVersion}`);
  const args = await api.get(`/odata/Processes/${namespace}.GetArguments(key='${key}')`);
  return requiredInputsFor(args.body.Input);
}

/** Signs a user in and reads the folder ids, the setup most suites share. */
export async function signInWithFolders(
  sandbox: Sandbox,
  user: string,
): Promise<{ api: Api; folders: Record<string, number> }> {
  const api = await Api.as(sandbox, user);
  return { api, folders: await folderIds(api) };
}
