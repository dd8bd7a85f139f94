import assert from 'node:assert/strict';
import { startLoopback } from '../../src/host/auth/loopback';

describe('sign-in loopback server', () => {
  it('serves only /callback on 127.0.0.1, ignores a foreign state, ends on ours and closes', async () => {
    const server = await startLoopback('our-state');
    assert.match(server.redirectUri, /^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    const base = server.redirectUri.replace('/callback', '');
    assert.equal((await fetch(`${base}/`)).status, 404);
    assert.equal((await fetch(`${base}/callback/../admin`)).status, 404);
    assert.equal((await fetch(`${server.redirectUri}?code=x&state=someone-else`)).status, 400);
    const ours = await fetch(`${server.redirectUri}?code=the-code&state=our-state`);
    assert.equal(ours.status, 200);
    assert.match(await ours.text(), /Signed in/);
    assert.equal(await server.callback, '/callback?code=the-code&state=our-state'.replace(/^/, 'http://127.0.0.1'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await assert.rejects(fetch(server.redirectUri), 'the server is closed after the callback');
  });

  it('reports a provider error page and stops when disposed (cancel leaves nothing listening)', async () => {
    const server = await startLoopback('s');
    const failed = await fetch(`${server.redirectUri}?error=access_denied&state=s`);
    assert.match(await failed.text(), /Sign-in failed/);
    const other = await startLoopback('t');
    await other.dispose();
    await assert.rejects(other.callback, /cancelled/);
    await assert.rejects(fetch(other.redirectUri));
    await server.dispose();
  });
});
