import assert from 'node:assert/strict';
import * as values from '../../../src/core/orchestrator/assetValues';
import { OrchestratorClient } from '../../../src/core/orchestrator/client';
import { OrchestratorError } from '../../../src/core/http/errors';
import { RateLimitScheduler } from '../../../src/core/http/scheduler';

describe('asset input checks', () => {
  it('takes a name of 1 to 128 characters without control characters or edge spaces', () => {
    for (const ok of ['Invoice.Url', 'a', 'n'.repeat(128), 'Mailbox (prod) – EU'])
      assert.equal(values.checkAssetName(ok), undefined, ok);
    const bad: [string, RegExp][] = [
      ['', /Enter a name/],
      ['   ', /Enter a name/],
      [' Lead', /start or end with a space/],
      ['n'.repeat(129), /At most 128 characters \(this is 129\)/],
      ['two\nlines', /control characters/],
      ['tab\there', /control characters/],
    ];
    for (const [name, message] of bad) assert.match(values.checkAssetName(name) ?? '', message, JSON.stringify(name));
  });

  it('takes whole numbers of 32 bits only', () => {
    const ok: [string, number][] = [
      ['0', 0],
      [' 42 ', 42],
      ['-2147483648', -2147483648],
      ['+2147483647', 2147483647],
    ];
    for (const [text, value] of ok) assert.equal(values.parseIntegerValue(text), value, text);
    for (const text of ['', '2147483648', '-2147483649', '1.5', '1e3', '0x10', 'seven', '12345678901'])
      assert.match(values.checkIntegerText(text) ?? '', /whole number from -2,147,483,648 to 2,147,483,647/, text);
  });

  it('takes a text of up to 1,000,000 characters', () => {
    assert.equal(values.checkTextValue('x'.repeat(1_000_000)), undefined);
    assert.equal(values.checkTextValue(''), undefined);
    assert.match(
      values.checkTextValue('x'.repeat(1_000_001)) ?? '',
      /at most 1,000,000 characters \(this is 1,000,001\)/,
    );
  });

  it('needs a user name, and a password unless an edit keeps the one the service holds', () => {
    assert.match(values.checkUsername(' ') ?? '', /Enter the user name/);
    assert.match(values.checkUsername('u'.repeat(257)) ?? '', /At most 256/);
    assert.equal(values.checkUsername('svc@example.test'), undefined);
    assert.match(values.checkPassword('', false) ?? '', /Enter the password/);
    assert.equal(values.checkPassword('', true), undefined);
    assert.equal(values.checkPassword('p', false), undefined);
  });

  it('checks a whole body: a per-robot asset needs robots, each value in the asset’s type', () => {
    const good: values.AssetInput[] = [
      { Name: 'T', ValueType: 'Text', StringValue: 'x' },
      { Name: 'C', ValueType: 'Credential', CredentialUsername: 'u', CredentialPassword: 'p' },
      {
        Name: 'P',
        ValueScope: 'PerRobot',
        ValueType: 'Integer',
        RobotValues: [{ RobotId: 1, ValueType: 'Integer', IntValue: 3 }],
      },
    ];
    for (const asset of good) assert.equal(values.checkAssetInput(asset), undefined, asset.Name);
    const bad: [values.AssetInput, RegExp][] = [
      [{ Name: '', ValueType: 'Bool', BoolValue: true }, /Enter a name/],
      [{ Name: 'I', ValueType: 'Integer', IntValue: 2 ** 31 }, /whole number/],
      [{ Name: 'P', ValueScope: 'PerRobot', ValueType: 'Text', RobotValues: [] }, /at least one robot/],
      [
        {
          Name: 'P',
          ValueScope: 'PerRobot',
          ValueType: 'Text',
          RobotValues: [{ RobotId: 1, ValueType: 'Bool', BoolValue: true }],
        },
        /asset's type/,
      ],
      [
        {
          Name: 'P',
          ValueScope: 'PerRobot',
          ValueType: 'Credential',
          RobotValues: [{ RobotId: 1, ValueType: 'Credential', CredentialUsername: '' }],
        },
        /Enter the user name/,
      ],
    ];
    for (const [asset, message] of bad)
      assert.match(values.checkAssetInput(asset) ?? '', message, JSON.stringify(asset));
  });

  it('the client refuses a bad body with 0 requests, naming the endpoint', async () => {
    let requests = 0;
    const client = new OrchestratorClient({
      connection: { kind: 'cloud', serviceUrl: 'http://127.0.0.1:9', account: 'a', tenant: 't' },
      fetch: async () => {
        requests++;
        throw new Error('no request should be sent');
      },
      token: async () => 'token',
      scheduler: new RateLimitScheduler({ budgetPerMinute: 1000 }),
      sleep: async () => undefined,
    });
    const folder = { id: 1 };
    const refusals = [
      client.assets.create({ Name: 'x'.repeat(129), ValueType: 'Text', StringValue: '' }, { folder }),
      client.assets.create({ Name: 'Big', ValueType: 'Text', StringValue: 'x'.repeat(1_000_001) }, { folder }),
      client.assets.replace(7, { Name: 'I', ValueType: 'Integer', IntValue: -(2 ** 31) - 1 }, { folder }),
    ];
    for (const refusal of refusals) {
      const error = await refusal.then(
        () => undefined,
        (e: unknown) => e,
      );
      assert.ok(error instanceof OrchestratorError && error.kind === 'invalidInput', String(error));
      assert.match(error.message, /characters|whole number/);
    }
    assert.equal(requests, 0);
  });
});
