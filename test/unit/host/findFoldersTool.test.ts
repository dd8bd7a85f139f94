// Issue 33: Find Folders tells the model the connections it may name — which is active, signed in, and what it allows —
// even when the connection it would read folders of is signed out or unknown: then it says why no folders were read,
// and sends nothing.
import assert from 'node:assert/strict';
import { CONNECTIONS_SETTING, ConnectionStore } from '../../../src/host/connectionStore';
import type { Services } from '../../../src/host/services';
import { findFolders } from '../../../src/host/agents/tools/findFolders';
import { anAccount } from '../../support/entities';
import { stubSettings } from '../../support/vscodeStub';

const setting = (label: string, protection: string) => ({
  label,
  kind: 'onPremises',
  serviceUrl: `https://${label.toLowerCase()}.test`,
  protection,
});

/** Two connections, Prod (read-only, signed in) and Dev (active, signed out); a client made counts as a request. */
function context() {
  stubSettings.set(CONNECTIONS_SETTING, [setting('Prod', 'readOnly'), setting('Dev', 'normal')]);
  const store = new ConnectionStore(() => undefined);
  const clients: string[] = [];
  const ctx: Pick<Services, 'connections' | 'accountFor' | 'activeConnection' | 'clientFor'> = {
    connections: store,
    accountFor: (id) => (store.get(id)?.label === 'Prod' ? anAccount({ connectionId: id }) : undefined),
    activeConnection: () => store.all().find((c) => c.label === 'Dev'),
    clientFor: (connection) => {
      clients.push(connection.label);
      throw new Error('no client in this test');
    },
  };
  return { ctx, clients };
}

async function run(ctx: ReturnType<typeof context>['ctx'], input: object): Promise<string> {
  const planned = findFolders.plan(input);
  if ('refused' in planned) assert.fail(planned.refused);
  return planned.run({ ctx, signal: new AbortController().signal });
}

describe('Find Folders tool', () => {
  afterEach(() => stubSettings.delete(CONNECTIONS_SETTING));

  it('lists the connections with the active one, and says why no folders were read when it is signed out', async () => {
    const { ctx, clients } = context();
    const text = await run(ctx, {});
    assert.match(text, /\n1\. connection="Prod" signedIn=true changes=refused \(read-only\) active=false\n/);
    assert.match(text, /\n2\. connection="Dev" signedIn=false changes=allowed active=true\n/);
    assert.match(text, /No folders were read: "Dev" is not signed in\. Ask the user to run "Orchestrator: Sign In"/);
    assert.deepEqual(clients, [], 'nothing sent');
  });

  it('answers an unknown connection with the connections there are, sending nothing', async () => {
    const { ctx, clients } = context();
    const text = await run(ctx, { connection: 'Staging' });
    assert.match(text, /connection="Prod" .*\n.*connection="Dev" /);
    assert.match(text, /No folders were read: No connection is named "Staging"\. Connections: "Prod", "Dev"\./);
    assert.deepEqual(clients, []);
  });
});
