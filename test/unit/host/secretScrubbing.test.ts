import assert from 'node:assert/strict';
import { readConnections } from '../../../src/core/connections';
import type { FetchLike } from '../../../src/core/http/transport';
import { shownMessages } from '../../support/vscodeStub';
import { MapSecrets } from '../../support/mapSecrets';
import { runCommand } from '../../../src/host/commands/runCommand';
import { aRecordingLogger } from '../../support/editorFakes';
import { applicationSecretFor, signInAsApplication } from '../../../src/host/auth/applicationSignIn';

const CLIENT_ID = 'robot-app:7';
const SECRET = 's3cr et/+Zq?&é~!x';
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const sentPair = `${encodeURIComponent(CLIENT_ID)}:${encodeURIComponent(SECRET)}`;

/** Every form a provider may quote back; each row names how it was made. */
const FORMS: [string, string][] = [
  ['raw', SECRET],
  ['encodeURIComponent', encodeURIComponent(SECRET)],
  ['form encoding (+ for space)', new URLSearchParams({ s: SECRET }).toString().slice(2)],
  ['URL encoding, lower-case hex', encodeURIComponent(SECRET).replace(/%[0-9A-F]{2}/g, (e) => e.toLowerCase())],
  ['base64', b64(SECRET)],
  ['base64 without padding', b64(SECRET).replace(/=+$/, '')],
  ['base64url', Buffer.from(SECRET, 'utf8').toString('base64url')],
  ['base64 of id:secret', b64(`${CLIENT_ID}:${SECRET}`)],
  ['the Basic value sent', b64(sentPair)],
  ['the Basic header sent', `Basic ${b64(sentPair)}`],
];

describe('secrets quoted back in any form never reach a notification or the log', () => {
  beforeEach(() => void (shownMessages.length = 0));

  const { connections } = readConnections([
    {
      label: 'Cloud',
      kind: 'cloud',
      account: 'acme',
      tenant: 'main',
      serviceUrl: 'https://cloud.example.test/acme/main/orchestrator_',
      identityUrl: 'https://id.example.test/identity',
      authentication: 'application',
      clientId: CLIENT_ID,
    },
  ]);
  const connection = connections[0]!;

  /** An identity provider that answers the token request with a description quoting `echo`. */
  const provider =
    (echo: string): FetchLike =>
    async (url) =>
      url.endsWith('/.well-known/openid-configuration')
        ? Response.json({
            issuer: 'https://id.example.test/identity',
            token_endpoint: 'https://id.example.test/identity/connect/token',
          })
        : Response.json(
            { error: 'invalid_request', error_description: `Client authentication failed for ${echo}.` },
            { status: 400 },
          );

  for (const [name, form] of FORMS) {
    it(`scrubs the secret quoted back as ${name}`, async () => {
      const { written, log } = aRecordingLogger();
      const deps = {
        secrets: new MapSecrets(),
        fetch: provider(form),
        askSecret: async () => SECRET,
        redact: (value: string, user?: string) => log.redact(value, user),
        log: (message: string) => log.info(message),
      };
      await runCommand(
        { log },
        {
          id: 'orchestrator.signIn',
          title: 'Sign In',
          run: async () => {
            const secret = (await applicationSecretFor(deps, connection))!;
            await signInAsApplication(deps, connection, secret);
          },
        },
        [],
      );
      assert.equal(shownMessages.length, 1);
      const shown = String(shownMessages[0]!.args[0]);
      assert.match(shown, /^Sign In failed: .*Client authentication failed for (Basic )?\*\*\*/);
      for (const text of [shown, ...written]) {
        for (const [other, value] of FORMS.slice(0, -1))
          assert.ok(!text.includes(value), `the ${other} form is not in: ${text}`);
      }
      assert.ok(written.some((line) => line.startsWith('error orchestrator.signIn failed: ') && line.includes('***')));
    });
  }

  it('scrubs the forms of a token or an idea app key in a failure that did not come through the sign-in', async () => {
    const { written, log } = aRecordingLogger();
    const appKey = 'idea/app+key=42 secret';
    log.redact(appKey);
    for (const form of [
      appKey,
      encodeURIComponent(appKey),
      b64(appKey),
      new URLSearchParams({ k: appKey }).toString().slice(2),
    ]) {
      shownMessages.length = 0;
      await runCommand(
        { log },
        {
          id: 'orchestrator.submitIdea',
          title: 'Submit Idea',
          run: async () => {
            throw new Error(`The service refused ${form}`);
          },
        },
        [],
      );
      const shown = String(shownMessages[0]!.args[0]);
      assert.equal(shown, 'Submit Idea failed: The service refused ***');
      assert.ok(!written.at(-1)!.includes(form) && !written.at(-2)!.includes(form), written.slice(-2).join('\n'));
    }
  });

  it('leaves short values alone (they would blank ordinary words)', () => {
    const { written, log } = aRecordingLogger();
    log.redact('abc');
    log.info('abc is fine');
    assert.deepEqual(written, ['info abc is fine']);
  });
});
