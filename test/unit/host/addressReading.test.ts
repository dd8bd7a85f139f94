// Issue 29, item 2: an address that reads two ways is asked, not guessed. The first steps of Add Connection run here
// with their real validators and picks, answered from a script; what the user is offered and what the draft keeps.
import assert from 'node:assert/strict';
import { ExtensionMode } from 'vscode';
import { connectionId, type Connection, type ConnectionSetting } from '../../../src/core/connections';
import { aConnection } from '../../support/entities';
import { emptyDraft, type Draft } from '../../../src/host/commands/addConnection/draft';
import { runSteps, type Step } from '../../../src/host/ui/multiStep';
import { ScriptedInput, type Answer } from '../../../src/host/ui/scriptedInput';
import { addressStep } from '../../../src/host/commands/addConnection/address';
import { readingStep } from '../../../src/host/commands/addConnection/readingStep';
import { sandboxOffer } from '../../../src/host/sandboxOffer';

const PASTE = 'Add Connection: paste the address';
const READING = 'Add Connection: how to read the address';
/** A step after the reading, to come Back from. */
const NEXT: Step<Draft> = {
  kind: 'input',
  title: 'Next',
  prompt: '',
  value: () => '',
  validate: () => undefined,
  apply: () => undefined,
};

/** A connection already configured, as the store hands it out. */
const configured = (label: string, setting: Omit<ConnectionSetting, 'label'>): Connection =>
  aConnection({ ...setting, label, id: connectionId({ label, ...setting }) });
const acmeHomeCloud = configured('Acme home', {
  kind: 'cloud',
  serviceUrl: 'https://cloud.example.com',
  account: 'acme',
  tenant: 'home',
  identityUrl: 'https://cloud.example.com/identity',
});
const acmeOnPremises = configured('Acme server', { kind: 'onPremises', serviceUrl: 'https://cloud.example.com/acme' });

async function firstSteps(answers: Answer[], existing: Connection[] = [], withNext = false) {
  const input = new ScriptedInput(answers);
  const offer = sandboxOffer(ExtensionMode.Production, {});
  const draft = await runSteps<Draft>(input, emptyDraft(), (d) => [
    addressStep(() => existing, offer),
    readingStep(() => existing, d),
    ...(withNext ? [NEXT] : []),
  ]);
  input.assertDone();
  return { draft, asked: input.asked };
}

describe('Add Connection: an address that reads two ways', () => {
  it('asks which reading, with the question as the pick’s placeholder, and keeps the one chosen', async () => {
    const { draft, asked } = await firstSteps([
      { title: PASTE, answer: 'https://cloud.example.com/acme/home' },
      { title: READING, pick: 'On-premises, in /acme' },
    ]);
    assert.match(asked[1]!.placeholder!, /Is 'home' a tenant's name/);
    assert.deepEqual(asked[1]!.items, ['$(cloud) Cloud: account acme, tenant home', '$(server) On-premises, in /acme']);
    assert.deepEqual(draft!.setting, {
      label: '',
      kind: 'onPremises',
      serviceUrl: 'https://cloud.example.com/acme',
      portalUrl: 'https://cloud.example.com/acme',
    });
  });

  it('asks nothing for an address that reads one way', async () => {
    const { asked, draft } = await firstSteps([
      { title: PASTE, answer: 'https://cloud.example.com/acme/main/actions_/tasks' },
    ]);
    assert.equal(asked.length, 1);
    assert.equal(draft!.setting.serviceSegment, 'orchestrator_');
  });

  it('Back, then another address: nothing of the first reading stays', async () => {
    const { draft: chosen } = await firstSteps([
      { title: PASTE, answer: 'https://cloud.example.com/acme/main/something_/x' },
      { title: READING, pick: /something_ is the orchestration service/ },
    ]);
    assert.equal(chosen!.setting.serviceSegment, 'something_');
    const { draft } = await firstSteps(
      [
        { title: PASTE, answer: 'https://cloud.example.com/acme/main/something_/x' },
        { title: READING, pick: /something_ is the orchestration service/ },
        { title: 'Next', back: true },
        { title: READING, back: true },
        { title: PASTE, answer: 'https://cloud.example.com/acme/main/odata' },
        { title: 'Next', answer: 'x' },
      ],
      [],
      true,
    );
    assert.equal(draft!.ambiguous, undefined);
    assert.equal(draft!.setting.serviceSegment, undefined);
    assert.equal(draft!.setting.identityUrl, 'https://cloud.example.com/identity');
  });

  it('a reading that is a connection already cannot be chosen; both taken, the address is refused', async () => {
    const { draft, asked } = await firstSteps(
      [
        { title: PASTE, answer: 'https://cloud.example.com/acme/home' },
        { title: READING, pick: 'Cloud: account acme, tenant home', refused: /A connection already points there/ },
        { title: READING, pick: 'On-premises, in /acme' },
      ],
      [acmeHomeCloud],
    );
    assert.equal(draft!.setting.kind, 'onPremises');
    assert.equal(asked[1]!.refusals.length, 1);
    await firstSteps(
      [
        {
          title: PASTE,
          answer: 'https://cloud.example.com/acme/home',
          refused: /The connection 'Acme home' already points at this tenant/,
        },
        { title: PASTE, cancel: true },
      ],
      [acmeHomeCloud, acmeOnPremises],
    );
  });
});
