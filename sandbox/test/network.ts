// Network test helpers (exported as `test-network`). Certificates for tests of HTTPS as corporate networks have it: a
// certificate authority made for the test (as a company's private CA) and a server certificate it signs, made with
// the `openssl` command at test time into a folder the caller owns (a temporary one); no key is ever committed (EC
// P-256 keys: some 50 ms a set). And a request with exactly the headers given, for Host and Origin checks.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { join } from 'node:path';
import { checkServerIdentity as checkIdentity, type PeerCertificate } from 'node:tls';

export interface TestCertificates {
  /** The authority's certificate (PEM), and the file holding it (what NODE_EXTRA_CA_CERTS names). */
  ca: string;
  caFile: string;
  /** The server's certificate (PEM, the leaf only: a server sends its chain without the root) and key. */
  cert: string;
  key: string;
}

function openssl(args: string[], cwd: string): void {
  const result = spawnSync('openssl', args, { cwd, encoding: 'utf8', timeout: 30_000 });
  if (result.error) throw new Error(`The tests' certificates need the openssl command: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`openssl ${args[0]} failed: ${result.stderr}`);
}

const EC_KEY = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

/** A new authority (named `caName`) and a server certificate it signs for `names` (DNS names, IPv4 addresses). */
export function makeTestCertificates(
  dir: string,
  names: string[],
  caName = 'Orchestrator Workbench test CA',
): TestCertificates {
  openssl(
    [
      'req',
      '-x509',
      ...EC_KEY,
      '-keyout',
      'ca.key',
      '-out',
      'ca.pem',
      '-days',
      '3',
      '-subj',
      `/CN=${caName}`,
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
    ],
    dir,
  );
  openssl(['req', ...EC_KEY, '-keyout', 'server.key', '-out', 'server.csr', '-subj', `/CN=${names[0]}`], dir);
  const altNames = names.map((name) => (/^[\d.]+$/.test(name) ? `IP:${name}` : `DNS:${name}`)).join(',');
  writeFileSync(
    join(dir, 'server.ext'),
    `subjectAltName=${altNames}\nbasicConstraints=CA:FALSE\nkeyUsage=digitalSignature\nextendedKeyUsage=serverAuth\n`,
  );
  openssl(
    [
      'x509',
      '-req',
      '-in',
      'server.csr',
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-out',
      'server.pem',
      '-extfile',
      'server.ext',
      '-days',
      '2',
    ],
    dir,
  );
  const read = (file: string) => readFileSync(join(dir, file), 'utf8');
  return { ca: read('ca.pem'), caFile: join(dir, 'ca.pem'), cert: read('server.pem'), key: read('server.key') };
}

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** On an accepted upgrade with `send`: the first bytes the server sent back after it. */
  echoed?: string;
}

/**
 * One request with exactly these headers (fetch would not send a foreign Host); `upgrade` asks for a websocket, and
 * `send` is written once it is accepted. The answer of an upgrade the server refuses arrives as a plain response.
 */
export function rawRequest(
  url: string,
  headers: Record<string, string>,
  options: { method?: string; upgrade?: boolean; send?: string; ca?: string; body?: string } = {},
): Promise<Answer> {
  const target = new URL(url);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const upgrade = options.upgrade
    ? {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
      }
    : {};
  return new Promise((resolve, reject) => {
    const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
    // The certificate is checked against the address dialled, as a proxy's tunnel does, not against a foreign Host.
    const checkServerIdentity = (_: string, cert: PeerCertificate) => checkIdentity(target.hostname, cert);
    const req = send(target, { method, headers: { ...upgrade, ...headers }, ca: options.ca, checkServerIdentity });
    req.on('upgrade', (res, socket) => {
      const done = (echoed?: string) => {
        socket.destroy();
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: '', echoed });
      };
      if (options.send === undefined) return done();
      socket.once('data', (data: Buffer) => done(data.toString()));
      socket.write(options.send);
    });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}
