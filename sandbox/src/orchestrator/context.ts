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

export interface ODataRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  set: string;
  key?: boolean;
  operation?: string;
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
