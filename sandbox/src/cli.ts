import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { startSandbox, type SandboxOptions } from './index';
import { DEFAULT_DIALECT, dialectProblem } from './dialect';
import { hostNameProblem } from './server/ownHost';

/** `orchestrator-sandbox [options]` (bin/orchestrator-sandbox.mjs): starts the sandbox and prints where each service listens. */
const USAGE = `Usage: orchestrator-sandbox [--port N] [--scale small|large] [--seed N] [--token-ttl SECONDS]
  [--rate-limit N] [--namespace NS] [--queue-namespace QNS] [--header-prefix PREFIX]
  [--service-segment NAME] [--versioned-definition-only] [--state FILE] [--job-seconds N] [--log-interval-ms N]
  [--legacy-ideas] [--tls-cert FILE --tls-key FILE] [--host-name NAME] [--help]
Dialect (the names a deployment uses where the spec writes placeholders; defaults are the spec's):
  --namespace NS           {ns}, dotted identifiers (default ${DEFAULT_DIALECT.namespace})
  --queue-namespace QNS    {qns}, dotted identifiers (default ${DEFAULT_DIALECT.queueNamespace})
  --header-prefix PREFIX   folder headers PREFIX-OrganizationUnitId, -FolderPath, -FolderPath-Encoded, -FolderKey
                           (default ${DEFAULT_DIALECT.headerPrefix})
  --service-segment NAME   serve the orchestration service at /<account>/<tenant>/NAME/… and the identity
                           provider at /identity_ (default: none, /<account>/<tenant>/… and /identity)
  --versioned-definition-only  serve the API definition only at swagger/v20.0/swagger.json (named by the API
                           page swagger/index.html), as real deployments do; not also at swagger/v1/swagger.json
Network:
  --tls-cert FILE --tls-key FILE  serve HTTPS with this certificate chain and key (PEM)
  --host-name NAME         the name in the sandbox's URLs (default 127.0.0.1), for clients reaching it through a
                           proxy that resolves NAME; it still listens on 127.0.0.1 only
(in the extension's repository: npm run sandbox -- [options])`;

function int(name: string, value: string | undefined, min: number): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < min) {
    console.error(`--${name} must be an integer ≥ ${min}, got '${value}'.\n${USAGE}`);
    process.exit(2);
  }
  return Number(value);
}

const { values } = (() => {
  try {
    return parseArgs({
      options: {
        port: { type: 'string' },
        scale: { type: 'string' },
        seed: { type: 'string' },
        'token-ttl': { type: 'string' },
        'rate-limit': { type: 'string' },
        namespace: { type: 'string' },
        'queue-namespace': { type: 'string' },
        'header-prefix': { type: 'string' },
        'service-segment': { type: 'string' },
        state: { type: 'string' },
        'job-seconds': { type: 'string' },
        'log-interval-ms': { type: 'string' },
        'legacy-ideas': { type: 'boolean' },
        'versioned-definition-only': { type: 'boolean' },
        'tls-cert': { type: 'string' },
        'tls-key': { type: 'string' },
        'host-name': { type: 'string' },
        help: { type: 'boolean' },
      },
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
})();

if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (values.scale !== undefined && values.scale !== 'small' && values.scale !== 'large') {
  console.error(`--scale must be small or large.\n${USAGE}`);
  process.exit(2);
}
const dialect = {
  namespace: values.namespace,
  queueNamespace: values['queue-namespace'],
  headerPrefix: values['header-prefix'],
  serviceSegment: values['service-segment'],
};
const problem = dialectProblem(dialect);
if (problem) {
  console.error(`${problem}\n${USAGE}`);
  process.exit(2);
}
function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

if ((values['tls-cert'] === undefined) !== (values['tls-key'] === undefined))
  fail('--tls-cert and --tls-key go together.');
const hostProblem = hostNameProblem(values['host-name']);
if (hostProblem) fail(hostProblem);
function pem(name: string, file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    return fail(
      `--${name}: cannot read '${file}' (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`,
    );
  }
}
const tls =
  values['tls-cert'] !== undefined && values['tls-key'] !== undefined
    ? { cert: pem('tls-cert', values['tls-cert']), key: pem('tls-key', values['tls-key']) }
    : undefined;
const jobSeconds = int('job-seconds', values['job-seconds'], 1);
const options: SandboxOptions = {
  port: int('port', values.port, 0),
  scale: values.scale as SandboxOptions['scale'],
  seed: int('seed', values.seed, 0),
  tokenTtlSeconds: int('token-ttl', values['token-ttl'], 1),
  rateLimitPerMinute: int('rate-limit', values['rate-limit'], 1),
  ...dialect,
  stateFile: values.state,
  jobDurationMs: jobSeconds === undefined ? undefined : jobSeconds * 1000,
  logIntervalMs: int('log-interval-ms', values['log-interval-ms'], 10),
  customisedIdeaFlow: values['legacy-ideas'] ? false : undefined,
  versionedDefinitionOnly: values['versioned-definition-only'],
  tls,
  hostName: values['host-name'],
};

async function main(): Promise<void> {
  const sandbox = await startSandbox(options);
  console.log(`sandbox ready ${sandbox.url}`);
  console.log(`identity ${sandbox.identityUrl}`);
  console.log(`orchestrator ${sandbox.orchestratorUrl}`);
  console.log(`ideas ${sandbox.ideasUrl}`);
  console.log(`ideas-token ${sandbox.ideasToken}`);
  console.log(`ideas-app-key ${sandbox.ideasAppKey}`);
  console.log(`app-client ${sandbox.appClientId} ${sandbox.appClientSecret}`);

  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      void sandbox.close().then(() => process.exit(0));
    });
  }
}

main().catch((error: unknown) => {
  console.error(`sandbox failed to start: ${(error as Error).message}`);
  process.exit(1);
});
