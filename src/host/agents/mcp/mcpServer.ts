// l10n: model (what the server tells an agent: English by design)
// The language-model tools over MCP's streamable HTTP, for agents outside the chat view. Served from the extension
// host on 127.0.0.1 (a port of the system's choosing) while the window lives, started when the editor first asks for
// it. A request must carry the session's secret (in the definition's headers, never written to disk), name this
// server's own Host and, when a browser sent it, its own Origin (a page whose name was re-pointed at 127.0.0.1 carries
// its own). Tools run through the same runner as in the chat: a change is confirmed in the editor by a modal.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import * as vscode from 'vscode';
import type { Services } from '../../services';
import { invokeTool, isToolName } from '../toolRunner';
import { ToolName } from '../toolNames';

/** The largest request body read (a tool's input is small): beyond it the request is refused. */
const BODY_MAX = 1024 * 1024;
/** A request whose body has not arrived by then is dropped. */
const BODY_WAIT_MS = 10_000;

export interface RunningMcpServer {
  readonly url: string;
  /** Sent by the editor with every request (McpHttpServerDefinition.headers). */
  readonly headers: Readonly<Record<string, string>>;
  close(): Promise<void>;
}

/** A tool as the manifest declares it (package.json, written by `npm run manifest` from the definitions). */
interface DeclaredTool {
  name: string;
  modelDescription: string;
  inputSchema: Record<string, unknown>;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The tools the manifest declares that have code here: name, description and input schema, as the chat sees them. */
function declaredTools(packageJson: unknown): DeclaredTool[] {
  const contributes = isObject(packageJson) ? packageJson.contributes : undefined;
  const tools =
    isObject(contributes) && Array.isArray(contributes.languageModelTools) ? contributes.languageModelTools : [];
  const known = new Set<string>(Object.values(ToolName));
  return tools.flatMap((tool: unknown) =>
    isObject(tool) &&
    typeof tool.name === 'string' &&
    known.has(tool.name) &&
    typeof tool.modelDescription === 'string' &&
    isObject(tool.inputSchema)
      ? [{ name: tool.name, modelDescription: tool.modelDescription, inputSchema: tool.inputSchema }]
      : [],
  );
}

function sameSecret(given: string | undefined, secret: string): boolean {
  const a = Buffer.from(given ?? '');
  const b = Buffer.from(`Bearer ${secret}`);
  return a.length === b.length && timingSafeEqual(a, b);
}

function refuse(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

/** The request's JSON body, at most BODY_MAX bytes and BODY_WAIT_MS long; undefined when it is neither. */
function readBody(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const timer = setTimeout(() => (req.destroy(), resolve(undefined)), BODY_WAIT_MS);
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > BODY_MAX) {
        clearTimeout(timer);
        req.destroy();
        resolve(undefined);
      } else chunks.push(chunk);
    });
    req.on('end', () => {
      clearTimeout(timer);
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch {
        resolve(undefined);
      }
    });
    req.on('error', () => (clearTimeout(timer), resolve(undefined)));
  });
}

/** One MCP server for one request (the stateless mode of the transport): the tools and how they run. */
function mcpServerFor(ctx: Services, tools: readonly DeclaredTool[]): Server {
  const server = new Server({ name: 'orchestrator-workbench', version: ctx.version }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: tools.map((tool) => ({
      name: tool.name,
      description: tool.modelDescription,
      inputSchema: tool.inputSchema,
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const name = request.params.name;
    if (!isToolName(name) || !tools.some((tool) => tool.name === name))
      return { isError: true, content: [{ type: 'text', text: `Error: no tool is named ${JSON.stringify(name)}.` }] };
    const cancellation = new vscode.CancellationTokenSource();
    try {
      // Outside the chat: a change is confirmed in the editor by a modal, whatever the protection level.
      const text = await invokeTool(ctx, name, request.params.arguments ?? {}, {
        confirmedInChat: false,
        token: cancellation.token,
      });
      return { isError: text.startsWith('Error: '), content: [{ type: 'text', text }] };
    } finally {
      cancellation.dispose();
    }
  });
  return server;
}

/** Starts the server on 127.0.0.1 with a new secret; resolves once it listens. */
export async function startMcpServer(ctx: Services): Promise<RunningMcpServer> {
  const secret = randomBytes(32).toString('base64url');
  ctx.log.redact(secret);
  const tools = declaredTools(ctx.extension.extension.packageJSON);
  let port = 0;
  const http: HttpServer = createServer((req, res) => {
    void (async () => {
      if (!sameSecret(req.headers.authorization, secret)) return refuse(res, 401, 'Unauthorized.');
      if (req.method !== 'POST') return refuse(res, 405, 'Only POST: this server keeps no session.');
      const body = await readBody(req);
      if (body === undefined) return refuse(res, 400, 'The body is not JSON of at most 1 MiB.');
      const own = [`127.0.0.1:${port}`];
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
        enableDnsRebindingProtection: true,
        allowedHosts: own,
        allowedOrigins: own.map((host) => `http://${host}`),
      });
      const server = mcpServerFor(ctx, tools);
      res.on('close', () => void transport.close().then(() => server.close()));
      await server.connect(transport);
      await transport.handleRequest(req, res, body);
    })().catch((error: unknown) => {
      ctx.log.warn(`MCP request failed: ${error instanceof Error ? error.message : String(error)}`);
      if (!res.headersSent) refuse(res, 500, 'The request could not be handled.');
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(0, '127.0.0.1', () => resolve());
  });
  const address = http.address();
  port = typeof address === 'object' && address ? address.port : 0;
  ctx.log.info(`MCP server listening on 127.0.0.1:${port} (${tools.length} tools).`);
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    headers: { Authorization: `Bearer ${secret}` },
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}
