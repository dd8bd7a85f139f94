import type { Dialect } from './dialect';

/*
 * What startSandbox (index.ts) takes and hands back: the package's interface for code, apart from how the sandbox is
 * put together. The command line (cli.ts) maps its options onto SandboxOptions.
 */

export interface SandboxOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  scale?: 'small' | 'large';
  seed?: number;
  tokenTtlSeconds?: number;
  rateLimitPerMinute?: number;
  exportLimitPerDay?: number;
  /** {ns}, the OData operation namespace (default `Vendor.Server.Configuration.OData`). */
  namespace?: string;
  /** {qns}, the queue operations' namespace (default `VendorODataSvc`). */
  queueNamespace?: string;
  /** The folder headers' prefix (default `X-VENDOR`). */
  headerPrefix?: string;
  /** Serves the orchestration service at `/<account>/<tenant>/<segment>/…` and the identity provider at `/identity_`. */
  serviceSegment?: string;
  /**
   * Serve the API definition only where the orchestration service's real deployments do (`swagger/v20.0/swagger.json`,
   * named by the API page `swagger/index.html`), not also at `swagger/v1/swagger.json`.
   */
  versionedDefinitionOnly?: boolean;
  /** Persist state to this JSON file and reload it at start. */
  stateFile?: string;
  jobDurationMs?: number;
  pickupDelayMs?: number;
  logIntervalMs?: number;
  /** Legacy idea endpoints answer an error while true (default). */
  customisedIdeaFlow?: boolean;
  /**
   * The name in the sandbox's own URLs (default 127.0.0.1), for clients that reach it through a proxy resolving that
   * name to 127.0.0.1. It still listens on 127.0.0.1 only, and answers 127.0.0.1, localhost and this name only.
   */
  hostName?: string;
  /** Serve HTTPS with this certificate chain and key (PEM) instead of HTTP. */
  tls?: { cert: string; key: string };
}

export interface RunningSandbox {
  url: string;
  identityUrl: string;
  orchestratorUrl: string;
  onPremisesUrl: string;
  ideasUrl: string;
  ideasToken: string;
  ideasAppKey: string;
  /** The confidential application of the client-credentials grant, and its secret (new at each start). */
  appClientId: string;
  appClientSecret: string;
  /** The names this sandbox uses where the spec writes placeholders. */
  dialect: Dialect;
  close(): Promise<void>;
}
