import assert from 'node:assert/strict';
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
