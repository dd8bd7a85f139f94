import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type RunningSandbox } from '@orchestrator-workbench/sandbox';
import { makeTestCertificates, type TestCertificates } from '@orchestrator-workbench/sandbox/test-network';
import { readProviderJson } from '../../../src/core/auth/discovery';
import { causeInWords } from '../../../src/core/http/networkCause';
import { transportFailure } from '../../../src/core/http/transportFailures';

/** What fetch throws: a TypeError whose cause is the socket's error, with Node's code. */
const fetchFailure = (code: string, message = 'socket error') =>
  new TypeError('fetch failed', { cause: Object.assign(new Error(message), { code }) });

describe("a refused server certificate reads in the user's words, naming the problem", () => {
  let dir: string;
  let certificates: TestCertificates;
  const sandboxes: RunningSandbox[] = [];
  /** An HTTPS sandbox whose certificate this process does not trust (Node's fetch knows only the public authorities). */
  const https = async (cert: string) => {
    const sandbox = await startSandbox({ tls: { cert, key: certificates.key } });
    sandboxes.push(sandbox);
    return sandbox;
  };

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'certificate-errors-'));
    certificates = makeTestCertificates(dir, ['127.0.0.1'], 'Example Corp Root CA');
  });
  after(async () => {
    for (const sandbox of sandboxes) await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('an unknown authority (the server sends its certificate alone): what to do, with the code', async () => {
    const sandbox = await https(certificates.cert);
    const failure = await fetch(`${sandbox.url}/odata/Folders`).catch((error: unknown) => error);
    const message = transportFailure(failure, 'GET Folders', undefined, false).message;
    assert.equal(
      message,
      "Can't reach the service for GET Folders: the server's certificate was issued by an authority this editor does not trust (UNABLE_TO_VERIFY_LEAF_SIGNATURE), as with a company's own certificate authority or a proxy that inspects HTTPS. Add that authority to the system's trusted certificates (README: Troubleshooting).",
    );
  });

  it('an unknown authority sent along in the chain, at sign-in (the discovery document)', async () => {
    const sandbox = await https(`${certificates.cert}${certificates.ca}`);
    await assert.rejects(
      readProviderJson(fetch, `${sandbox.identityUrl}/.well-known/openid-configuration`, 'discovery document'),
      /^TokenError: Can't read the identity provider's discovery document: the server's certificate was issued by an authority this editor does not trust \(SELF_SIGNED_CERT_IN_CHAIN\)/,
    );
  });

  it('each certificate problem Node names, and other network errors as they were', () => {
    const table: [unknown, RegExp][] = [
      [
        fetchFailure('DEPTH_ZERO_SELF_SIGNED_CERT'),
        /authority this editor does not trust \(DEPTH_ZERO_SELF_SIGNED_CERT\)/,
      ],
      [fetchFailure('UNABLE_TO_GET_ISSUER_CERT_LOCALLY'), /does not trust \(UNABLE_TO_GET_ISSUER_CERT_LOCALLY\)/],
      [
        fetchFailure('CERT_HAS_EXPIRED'),
        /^the server's certificate has expired \(CERT_HAS_EXPIRED\)\. Its administrators/,
      ],
      [
        fetchFailure('CERT_NOT_YET_VALID'),
        /is not valid yet \(CERT_NOT_YET_VALID\)\. Check this computer's date and time\.$/,
      ],
      [
        fetchFailure('ERR_TLS_CERT_ALTNAME_INVALID'),
        /is for another name \(ERR_TLS_CERT_ALTNAME_INVALID\)\. Check the address/,
      ],
      [fetchFailure('CERT_REVOKED'), /^the server's certificate was refused \(CERT_REVOKED\)\.$/],
      // A proxy agent wraps the socket's error once more.
      [
        new TypeError('fetch failed', {
          cause: new Error('tunnel', { cause: fetchFailure('CERT_HAS_EXPIRED').cause }),
        }),
        /has expired/,
      ],
      [fetchFailure('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:9'), /^connect ECONNREFUSED 127\.0\.0\.1:9$/],
      [new Error('plain'), /^plain$/],
      ['a string', /^a string$/],
    ];
    for (const [error, expected] of table) assert.match(causeInWords(error), expected);
  });
});
