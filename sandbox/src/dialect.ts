/**
 * A dialect: the names one deployment of the orchestration service uses where the spec writes placeholders. The
 * defaults are the spec's own ({ns}, {qns}, the X-VENDOR headers, no service segment), so a client written against
 * the spec works unchanged; the other values let a client be tested against the names a real deployment uses.
 */
export interface Dialect {
  /** {ns}: the OData operation namespace. */
  namespace: string;
  /** {qns}: the queue operations' namespace. */
  queueNamespace: string;
  /** Gives `<prefix>-OrganizationUnitId`, `<prefix>-FolderPath`, `<prefix>-FolderPath-Encoded`, `<prefix>-FolderKey`. */
  headerPrefix: string;
  /**
   * A cloud deployment that serves several products under one tenant puts the orchestration service below a path of
   * its own (`/<account>/<tenant>/<segment>/odata`) and its identity provider below `/identity_`; undefined serves
   * both where the spec puts them.
   */
  serviceSegment?: string;
}

export const DEFAULT_DIALECT: Readonly<Dialect> = {
  namespace: 'Vendor.Server.Configuration.OData',
  queueNamespace: 'VendorODataSvc',
  headerPrefix: 'X-VENDOR',
};

const DOTTED_IDENTIFIERS = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;
// An HTTP header name is a token (RFC 9110 §5.6.2); a prefix is a name without the trailing dash.
const HEADER_TOKEN = /^[A-Za-z0-9]+(-[A-Za-z0-9]+)*$/;
const SEGMENT = /^[A-Za-z0-9_-]+$/;
/** The idea service's path below the tenant, whatever the dialect. */
export const IDEAS_SEGMENT = 'ideas_';

/** Why a dialect value is unusable, named after the command-line option that sets it; undefined when all are fine. */
export function dialectProblem(dialect: Partial<Dialect>): string | undefined {
  const checks: [string, string | undefined, RegExp, string][] = [
    ['--namespace', dialect.namespace, DOTTED_IDENTIFIERS, 'dotted identifiers such as Acme.Orchestration.OData'],
    ['--queue-namespace', dialect.queueNamespace, DOTTED_IDENTIFIERS, 'dotted identifiers such as AcmeQueues'],
    ['--header-prefix', dialect.headerPrefix, HEADER_TOKEN, 'a header-name token such as X-ACME'],
    ['--service-segment', dialect.serviceSegment, SEGMENT, 'letters, digits, _ and - (such as orchestrator_)'],
  ];
  for (const [option, value, pattern, expected] of checks) {
    if (value !== undefined && !pattern.test(value)) return `${option} must be ${expected}, got '${value}'.`;
  }
  if (dialect.serviceSegment === IDEAS_SEGMENT)
    return `--service-segment cannot be ${IDEAS_SEGMENT}: the idea service lives there.`;
  return undefined;
}

/** Where each surface lives for a dialect, as paths below the sandbox's origin. */
export function dialectPaths(dialect: Dialect, account: string) {
  const segment = dialect.serviceSegment ? `/${dialect.serviceSegment}` : '';
  return {
    identity: dialect.serviceSegment ? '/identity_' : '/identity',
    orchestrator: (tenant: string) => `/${account}/${tenant}${segment}`,
  };
}
