// Issue 33 item 5: the tools as an MCP server for agents outside the chat view. An MCP client from the SDK connects to
// the server this window defines (its address and secret as the definition carries them), lists the tools, runs a
// read tool and a confirmed change tool; a request without the secret, with a rebound Host or a foreign Origin is
// refused.
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Ctx } from '../../../src/ctx';
import { ToolName } from '../../../src/host/agents/toolNames';
import { answering } from '../../../src/host/ui/scriptedInput';
import { RECONCILE_INPUTS } from './processInputs';
import { activateSignedIn, quiescent, resetTally, tally } from './treeWalk';

/** A raw POST to the server with the headers given (node:http: it sends Host as told). */
function post(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });
    const req = request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'content-length': String(Buffer.byteLength(body)),
          ...headers,
        },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const textOf = (result: Awaited<ReturnType<Client['callTool']>>) =>
  (Array.isArray(result.content) ? result.content : [])
    .map((part: { type?: string; text?: string }) => (part.type === 'text' ? (part.text ?? '') : ''))
    .join('');

describe('The tools as an MCP server (outside the chat)', () => {
  let ctx: Ctx;
  let client: Client;
  let server: { url: string; headers: Readonly<Record<string, string>> };
  const sandbox = () => ctx.connections.all().find((c) => c.label === 'Sandbox')!;

  before(async function () {
    this.timeout(60_000);
    ctx = await activateSignedIn('Sandbox');
    server = await ctx.mcpServer();
    client = new Client({ name: 'integration-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers: { ...server.headers } } }),
    );
  });
  after(async () => {
    await client.close();
    for (const account of ctx.sessions.accounts()) await ctx.sessions.remove(account.id);
  });

  it('listens on 127.0.0.1 only, and the editor is offered a definition of it', () => {
    assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    assert.match(server.headers.Authorization ?? '', /^Bearer [A-Za-z0-9_-]{43}$/);
  });

  it('lists every tool, with its description and input schema', async () => {
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((tool) => tool.name).sort(), Object.values(ToolName).sort());
    const listJobs = tools.find((tool) => tool.name === ToolName.listJobs)!;
    assert.match(listJobs.description ?? '', /newest first/);
    assert.deepEqual(listJobs.inputSchema.required, ['folder']);
  });

  it('runs a read tool: the same answer as in the chat', async function () {
    this.timeout(30_000);
    const result = await client.callTool({ name: ToolName.findFolders, arguments: { search: 'dev' } });
    assert.match(textOf(result), /path="Dev Lab" id=\d+/);
    assert.notEqual(result.isError, true);
  });

  it('runs a change tool only once the user confirms it in the editor: one job', async function () {
    this.timeout(60_000);
    await quiescent(() => ctx.clientFor(sandbox()).transport.sent);
    await resetTally();
    const input = { folder: 'Dev Lab', process: 'Reconcile.Processing_Production', arguments: RECONCILE_INPUTS };
    const declined = await answering(ctx, [{ title: /Start a job of/, cancel: true }], () =>
      client.callTool({ name: ToolName.startJob, arguments: input }),
    );
    assert.match(textOf(declined.result), /declined or cancelled/);
    const started = await answering(ctx, [{ title: /Start a job of/, choose: 'Start' }], () =>
      client.callTool({ name: ToolName.startJob, arguments: input }),
    );
    assert.match(textOf(started.result), /Started 1 job\(s\).*key=[0-9a-f-]{36}/);
    const starts = Object.entries(await tally()).filter(([route]) => /^POST .*StartJobs/.test(route));
    assert.deepEqual(
      starts.map(([, n]) => n),
      [1],
      'one StartJobs: the declined call sent none',
    );
  });

  it('refuses a request without the secret, with a rebound Host, or from a foreign Origin', async () => {
    const { port } = new URL(server.url);
    assert.equal(await post(server.url, {}), 401, 'no secret');
    assert.equal(await post(server.url, { authorization: 'Bearer wrong' }), 401, 'a wrong secret');
    assert.equal(await post(server.url, { ...server.headers, host: `evil.example:${port}` }), 403, 'a rebound Host');
    assert.equal(await post(server.url, { ...server.headers, origin: 'http://evil.example' }), 403, 'a foreign Origin');
    assert.equal(await post(server.url, { ...server.headers }), 200, 'the secret, own Host, no Origin');
  });
});
