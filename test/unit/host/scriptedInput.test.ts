import assert from 'node:assert/strict';
import { Uri } from 'vscode';
import { runSteps, type Step } from '../../../src/host/ui/multiStep';
import { answering, ScriptedInput } from '../../../src/host/ui/scriptedInput';
import type { UserInput } from '../../../src/host/ui/userInput';
import { aScriptedHost } from '../../support/scriptedHost';

/** A three-step flow shaped like Start Job's: a pick, a count that only some picks ask, a name checked as typed. */
interface Order {
  kind: string;
  count: number;
  name: string;
}
const orderSteps = (refusal = 'Enter a whole number from 1 to 100.'): Step<Order>[] => [
  {
    kind: 'pick',
    title: 'Order: kind',
    items: () => [
      { label: '$(package) Box', value: 'box' },
      { label: 'Letter', value: 'letter' },
    ],
    apply: (o, v) => (o.kind = v),
  },
  {
    kind: 'input',
    title: 'Order: how many',
    prompt: '1 to 100',
    skip: (o) => o.kind !== 'box',
    value: (o) => String(o.count),
    validate: (v) => (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 100 ? undefined : refusal),
    apply: (o, v) => (o.count = Number(v)),
  },
  {
    kind: 'input',
    title: 'Order: name',
    prompt: 'Who',
    value: (o) => o.name,
    validate: (v) => (v.trim() ? undefined : 'Enter a name.'),
    apply: (o, v) => (o.name = v),
  },
];
const fresh = (): Order => ({ kind: '', count: 1, name: '' });
/** What a command does with ctx.input: run the steps through whatever answers. */
const order = (input: UserInput) => runSteps(input, fresh(), orderSteps());

describe('scripted user input', () => {
  it('answers each prompt by title, in order, and records what was asked', async () => {
    const { result, asked } = await answering(aScriptedHost(), [], async () => 'nothing asked');
    assert.equal(result, 'nothing asked');
    assert.deepEqual(asked, []);
    const host = aScriptedHost();
    const run = await answering(
      host,
      [
        { title: /kind/, pick: 'Box' },
        { title: 'how many', answer: '3' },
        { title: /name/, answer: '  Ada  ' },
      ],
      () => order(host.input),
    );
    assert.deepEqual(run.result, { kind: 'box', count: 3, name: 'Ada' }, 'typed text is trimmed, as in the editor');
    assert.deepEqual(
      run.asked.map((a) => [a.kind, a.title, a.step, a.totalSteps, a.canGoBack]),
      [
        ['pick', 'Order: kind', 1, 2, false], // the count is not asked for every kind: not counted before the kind is known
        ['input', 'Order: how many', 2, 3, true],
        ['input', 'Order: name', 3, 3, true],
      ],
    );
    assert.deepEqual(run.asked[0]!.items, ['$(package) Box', 'Letter'], 'the labels offered, as shown');
    assert.equal(run.asked[1]!.value, '1', 'the value the box showed filled in');
  });

  it('goes Back through the steps; a skipped step is skipped on the way back too', async () => {
    const host = aScriptedHost();
    const { result, asked } = await answering(
      host,
      [
        { title: /kind/, pick: 'Letter' },
        { title: /name/, back: true },
        { title: /kind/, pick: /Box/ },
        { title: /how many/, answer: '2' },
        { title: /name/, back: true },
        { title: /how many/, enter: true }, // the 2 typed before is shown again
        { title: /name/, answer: 'Bo' },
      ],
      () => order(host.input),
    );
    assert.deepEqual(result, { kind: 'box', count: 2, name: 'Bo' });
    assert.deepEqual(
      asked.map((a) => `${a.title} ${a.step}/${a.totalSteps}`),
      [
        'Order: kind 1/2',
        'Order: name 2/2',
        'Order: kind 1/2',
        'Order: how many 2/3',
        'Order: name 3/3',
        'Order: how many 2/3',
        'Order: name 3/3',
      ],
    );
  });

  it('runs the validator on every answer: an answer the prompt refuses fails the test, unless the script expects the refusal', async () => {
    const host = aScriptedHost();
    await assert.rejects(
      answering(
        host,
        [
          { title: /kind/, pick: 'Box' },
          { title: /how many/, answer: '0' },
        ],
        () => order(host.input),
      ),
      /"Order: how many" \(2\/3\) refuses '0': Enter a whole number/,
    );
    const { result, asked } = await answering(
      host,
      [
        { title: /kind/, pick: 'Box' },
        { title: /how many/, answer: '0', refused: /whole number/ },
        { title: /how many/, answer: '', refused: /whole number/ }, // Enter on an empty box is checked too
        { title: /how many/, answer: '100' },
        { title: /name/, cancel: true },
      ],
      () => order(host.input),
    );
    assert.equal(result, undefined, 'Escape ends the steps');
    assert.deepEqual(asked[1]!.refusals, [
      'Enter a whole number from 1 to 100.',
      'Enter a whole number from 1 to 100.',
    ]);
    await assert.rejects(
      answering(
        host,
        [
          { title: /kind/, pick: 'Box' },
          { title: /how many/, answer: '5', refused: /./ },
        ],
        () => order(host.input),
      ),
      /accepted '5'; the script expected it refused/,
    );
  });

  it('fails clearly on a prompt the script does not expect, on answers left over, on Back where there is none', async () => {
    const host = aScriptedHost();
    await assert.rejects(
      answering(host, [{ title: /name/, answer: 'x' }], () => order(host.input)),
      /unexpected pick "Order: kind" \(1\/2\): the next answer is \{"answer":"x"\} for title \/name\//,
    );
    await assert.rejects(
      answering(host, [{ title: /kind/, pick: 'Letter' }], () => order(host.input)),
      /unexpected input "Order: name" \(2\/2\): the script has no answer left/,
    );
    await assert.rejects(
      answering(
        host,
        [
          { title: /kind/, cancel: true },
          { title: /kind/, pick: 'Box' },
        ],
        () => order(host.input),
      ),
      /1 answer\(s\) left over, the first \{"pick":"Box"\}/,
    );
    await assert.rejects(
      answering(host, [{ title: /kind/, back: true }], () => order(host.input)),
      /Back at pick "Order: kind" \(1\/2\), which has no Back button/,
    );
    await assert.rejects(
      answering(host, [{ title: /kind/, pick: 'Parcel' }], () => order(host.input)),
      /offers no 'Parcel' among: \$\(package\) Box \| Letter/,
    );
    await assert.rejects(
      answering(host, [{ step: 2, pick: 'Box' }], () => order(host.input)),
      /unexpected pick "Order: kind" \(1\/2\)/,
      'matched by step number',
    );
  });

  it("reports the script's problem even when the command caught it (the command wrapper reports errors itself)", async () => {
    const before = new ScriptedInput([]);
    const host = aScriptedHost(before);
    const swallowing = async () => {
      try {
        await host.input.input({ title: 'Reference' });
      } catch {
        return 'shown as an error notification';
      }
      return 'answered';
    };
    await assert.rejects(
      answering(host, [], swallowing),
      /unexpected input "Reference": the script has no answer left/,
    );
    assert.equal(host.input, before, 'the previous input is back');
  });

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

  it('typed text is never taken for Back', async () => {
    const host = aScriptedHost();
    const { result } = await answering(
      host,
      [
        { title: /kind/, pick: 'Letter' },
        { title: /name/, answer: 'back' },
      ],
      () => order(host.input),
    );
    assert.equal(result?.name, 'back');
  });
});
