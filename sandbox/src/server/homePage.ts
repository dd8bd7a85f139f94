// The sandbox's home page (GET /): where everything listens, who can sign in, the idea service's credentials and the
// application's client secret.
// Anyone who opens the sandbox's own address in a browser can read them: they are test values for a service on
// 127.0.0.1 only, new at each start, and a user of `npm start` (whose editor has them already) may want them for
// another client. Another site's page cannot: the sandbox answers only its own Host and Origin (ownHost.ts).

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface HomePageFacts {
  info: Record<string, unknown> & {
    url: string;
    identity: string;
    orchestrator: string;
    ideas: string;
    users: string[];
    appClientId: string;
    apiDefinition: string;
  };
  ideasToken: string;
  ideasAppKey: string;
  appClientSecret: string;
}

export function homePage({ info, ideasToken, ideasAppKey, appClientSecret }: HomePageFacts): string {
  const row = (name: string, value: string, id?: string) =>
    `<tr><th scope="row">${escapeHtml(name)}</th><td><code${id ? ` id="${id}"` : ''}>${escapeHtml(value)}</code></td></tr>`;
  return `<!doctype html><html><head><meta charset="utf-8"><title>Orchestrator Workbench sandbox</title>
<style>body{font:14px system-ui,sans-serif;margin:2em;max-width:60em}th{text-align:left;padding-right:1em}code{user-select:all}</style></head>
<body><h1>Orchestrator Workbench sandbox</h1>
<p>A local stand-in for the identity provider, the orchestration service and the idea service. Sign in as
${info.users.map((u) => `<b>${escapeHtml(u)}</b>`).join(', ')}.</p>
<table>${row('Service URL', info.url)}${row('Identity provider', info.identity)}${row('Orchestration service (tenant main)', info.orchestrator)}${row('API definition', info.apiDefinition)}</table>
<h2>Idea service</h2>
<p>The idea service takes an API token and an app key, not the sign-in. <code>npm start</code> has already stored
them for its sandbox connection; elsewhere, run <i>Orchestrator: Set Idea Service Credentials…</i> and paste them.
They are new each time the sandbox starts.</p>
<table>${row('API token', ideasToken, 'ideas-token')}${row('App key', ideasAppKey, 'ideas-app-key')}${row('Base URL', info.ideas)}</table>
<h2>Application (client credentials)</h2>
<p>A confidential application for scripts and robots: <code>POST ${escapeHtml(info.identity)}/connect/token</code> with
<code>grant_type=client_credentials</code>, its client id and secret. The secret is new each time the sandbox starts.</p>
<table>${row('Client id', info.appClientId, 'app-client-id')}${row('Client secret', appClientSecret, 'app-client-secret')}</table>
<h2>Everything else</h2>
<pre>${escapeHtml(JSON.stringify(info, null, 2))}</pre>
</body></html>`;
}
