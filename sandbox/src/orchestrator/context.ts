import type { Clock, Random } from '../server/clock';
import type { Reply, Request } from '../server/http';
import type { SandboxUser } from '../server/users';
import type { Folder, SandboxState, TenantState } from './state';

export interface OrchestratorOptions {
  namespace: string;
  queueNamespace: string;
  headerPrefix: string;
  rateLimitPerMinute: number;
  exportLimitPerDay: number;
  jobDurationMs: number;
  pickupDelayMs: number;
  logIntervalMs: number;
}

/** What every route handler can reach: the request, who calls, which tenant and folder, and the sandbox services. */
export interface Call {
  req: Request;
  tenant: TenantState;
  state: SandboxState;
  user: SandboxUser;
  folder?: Folder;
  key?: string | number;
  params: Record<string, string | number | boolean | null>;
  /** Base for @odata.context URLs: `<base>/<account>/<tenant>/odata`. */
  odataBase: string;
  clock: Clock;
  random: Random;
  options: OrchestratorOptions;
  changed(): void;
}

export type Scope = 'tenant' | 'folder' | 'optionalFolder';

/** How a key or function parameter is written in the URL: quoted text, a bare integer, boolean or GUID. */
export type ParameterType = 'string' | 'integer' | 'boolean' | 'uuid';

export interface ODataRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  set: string;
  key?: boolean;
  /** How the key is written (default integer): `Processes('<id>')`, `Jobs(<id or GUID>)`. */
  keyType?: ParameterType | 'integerOrUuid';
  operation?: string;
  /** A function's URL parameters, `Op(name=value,…)`, in order (the API definition lists them). */
  parameters?: Record<string, ParameterType>;
  /** Also served under {ns}, as older clients call it (listed as deprecated). */
  alsoInNamespace?: boolean;
  /** Operations on Queues and the queue export live in the queue namespace ({qns}). */
  queueNamespace?: boolean;
  scope: Scope;
  /** Every listed permission is needed; an entry `A|B` needs either. */
  permissions?: string[];
  hostAdmin?: boolean;
  rateLimited?: boolean;
  exportOperation?: boolean;
  handler(call: Call): Reply;
}
