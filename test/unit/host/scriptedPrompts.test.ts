// The scripted input (src/host/ui/scriptedInput.ts) for each kind of prompt: picks of one or several, questions,
// file dialogs, pick steps the editor keeps open, and a pick whose items failed to load. How a script runs (titles,
// Back, validation, its failures): scriptedInput.test.ts.
import assert from 'node:assert/strict';
import { Uri } from 'vscode';
import { runSteps, type Step } from '../../../src/host/ui/multiStep';
import { answering, ScriptedInput } from '../../../src/host/ui/scriptedInput';
import { aScriptedHost } from '../../support/scriptedHost';

describe('scripted user input: each kind of prompt', () => {
  it('answers single and multiple picks, questions and file dialogs', async () => {
    const input = new ScriptedInput([
      { title: 'Priority', pick: 'High' },
      { title: 'States', pick: ['Faulted', /^Succ/] },
      { title: 'States', enter: true },
      { title: /^Remove/, choose: 'Remove' },
      { title: 'Not signed in', cancel: true },
      { title: 'Items', file: Uri.file('/tmp/items.json') },
      { title: 'Save', cancel: true },
      { title: 'Filter', answer: 'inv' },
    ]);
    assert.deepEqual(await input.pick([{ label: 'Normal' }, { label: 'High' }], { title: 'Priority' }), {
      label: 'High',
    });
    const states = [{ label: 'Successful', picked: true }, { label: 'Separator', kind: -1 }, { label: 'Faulted' }];
    assert.deepEqual(
      (await input.pickMany(states, { title: 'States' }))?.map((s) => s.label),
      ['Faulted', 'Successful'],
    );
    assert.deepEqual(
      (await input.pickMany(states, { title: 'States' }))?.map((s) => s.label),
      ['Successful'],
      'Enter keeps the items marked picked',
    );
    assert.equal(
      await input.confirm({
        message: "Remove the connection 'A'?",
        detail: 'Sign-ins go too.',
        actions: ['Remove'],
        modal: true,
      }),
      'Remove',
    );
    assert.equal(
      await input.confirm({ message: 'Not signed in to A.', actions: ['Sign In'], modal: false }),
      undefined,
    );
    assert.equal((await input.openFile({ title: 'Items to add' }))?.path, '/tmp/items.json');
    assert.equal(await input.saveFile({ title: 'Save A 1.0' }), undefined);
    assert.equal(
      await input.input({ title: 'Filter by name', validateInput: (v) => (v.length > 200 ? 'Too long.' : undefined) }),
      'inv',
    );
    input.assertDone();
    assert.deepEqual(
      input.asked.map((a) => a.kind),
      ['pick', 'pickMany', 'pickMany', 'confirm', 'confirm', 'openFile', 'saveFile', 'input'],
    );
    assert.deepEqual(input.asked[1]!.items, ['Successful', 'Faulted'], 'separators are not offered');
    assert.deepEqual([input.asked[3]!.prompt, input.asked[3]!.items], ['Sign-ins go too.', ['Remove']]);
    const wrong = new ScriptedInput([{ choose: 'Delete' }]);
    await assert.rejects(
      wrong.confirm({ message: 'Remove?', actions: ['Remove'], modal: true }),
      /does not answer confirm "Remove\?" \(buttons: Remove\)/,
    );
  });

  it('a pick step refuses a summary row and an empty choice of several, as the editor keeps those picks open', async () => {
    type S = { go: string; robots: string };
    const steps: Step<S>[] = [
      {
        kind: 'pick',
        title: 'Robots',
        many: true,
        items: () => [
          { label: 'R1', value: '1' },
          { label: 'R2', value: '2', picked: true },
        ],
        apply: (s, v) => (s.robots = v),
      },
      {
        kind: 'pick',
        title: 'Confirm',
        items: () => [
          { label: '$(play) Start', value: 'yes' },
          { label: 'Where: Shared', value: 'summary', inert: true },
        ],
        apply: (s, v) => (s.go = v),
      },
    ];
    const host = aScriptedHost();
    const { result, asked } = await answering(
      host,
      [
        { title: 'Robots', pick: [], refused: /at least one/ },
        { title: 'Robots', enter: true },
        { title: 'Confirm', pick: /^Where/, refused: /shows what will be sent/ },
        { title: 'Confirm', pick: 'Start' },
      ],
      () => runSteps(host.input, { go: '', robots: '' }, steps),
    );
    assert.deepEqual(result, { go: 'yes', robots: '2' });
    assert.equal(asked[0]!.kind, 'pickMany');
  });

  it('shows a pick whose items failed to load; only Back or Escape answer it', async () => {
    const steps: Step<{ a: string }>[] = [
      {
        kind: 'input',
        title: 'A',
        prompt: '',
        value: (s) => s.a,
        validate: () => undefined,
        apply: (s, v) => (s.a = v),
      },
      {
        kind: 'pick',
        title: 'Robots',
        items: async () => Promise.reject(new Error('503 Service Unavailable')),
        apply: () => undefined,
      },
    ];
    const host = aScriptedHost();
    const { result, asked } = await answering(
      host,
      [
        { title: 'A', answer: 'x' },
        { title: 'Robots', back: true },
        { title: 'A', enter: true },
        { title: 'Robots', cancel: true },
      ],
      () => runSteps(host.input, { a: '' }, steps),
    );
    assert.equal(result, undefined);
    assert.equal(asked[1]!.loadError, 'Could not load the choices: 503 Service Unavailable');
    assert.equal(asked[2]!.value, 'x', 'Back shows what was typed');
    await assert.rejects(
      answering(
        host,
        [
          { title: 'A', answer: 'x' },
          { title: 'Robots', pick: 'R1' },
        ],
        () => runSteps(host.input, { a: '' }, steps),
      ),
      /cannot answer pick "Robots" \(2\/2\): Could not load the choices/,
    );
  });
});
