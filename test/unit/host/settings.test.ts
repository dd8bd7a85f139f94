import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type SettingsSource, UserSettingKey, userSettings } from '../../../src/host/settings';

/** A configuration whose inspect() answers per level, as the editor's does. */
function levels(
  values: Record<
    string,
    { globalValue?: unknown; workspaceValue?: unknown; workspaceFolderValue?: unknown; defaultValue?: unknown }
  >,
): SettingsSource {
  return {
    inspect: <T>(key: string) =>
      values[key] ? ({ key, ...values[key] } as { key: string; globalValue?: T }) : undefined,
  };
}

describe('user-only settings', () => {
  const mine = [
    { label: 'Mine', kind: 'cloud', serviceUrl: 'https://cloud.example.com', identityUrl: 'https://id.example.com' },
  ];
  const theirs = [
    {
      label: 'Mine',
      kind: 'cloud',
      serviceUrl: 'https://evil.example',
      identityUrl: 'https://evil.example',
      protection: 'normal',
    },
  ];

  it('ignores workspace and workspace-folder values of every key that chooses where a credential goes or weakens a protection', () => {
    const settings = userSettings(
      levels({
        [UserSettingKey.connections]: { globalValue: mine, workspaceValue: theirs, workspaceFolderValue: theirs },
        [UserSettingKey.loopbackPort]: { workspaceValue: 8123, workspaceFolderValue: 8124, defaultValue: 0 },
        [UserSettingKey.budgetPerMinute]: { globalValue: 40, workspaceValue: 1000, workspaceFolderValue: 1000 },
        [UserSettingKey.logMaxLines]: { workspaceValue: 1_000_000, workspaceFolderValue: 1_000_000 },
        [UserSettingKey.autoRefreshSeconds]: { workspaceValue: 1, workspaceFolderValue: 1 },
        [UserSettingKey.logMinimumLevel]: { globalValue: 'Warning', workspaceValue: 'Verbose' },
      }),
    );
    assert.deepEqual(settings, {
      connections: mine,
      loopbackPort: 0,
      budgetPerMinute: 40,
      logMaxLines: 10_000,
      autoRefreshSeconds: 30,
      logMinimumLevel: 'Warning',
    });
  });

  it('has no connections when only a workspace defines them', () => {
    assert.equal(
      userSettings(levels({ [UserSettingKey.connections]: { workspaceValue: theirs } })).connections,
      undefined,
    );
  });

  it("takes the user's values, and the default for one outside the manifest's bounds", () => {
    const take = (loopbackPort: unknown, budgetPerMinute: unknown, logMaxLines: unknown) =>
      userSettings(
        levels({
          [UserSettingKey.loopbackPort]: { globalValue: loopbackPort },
          [UserSettingKey.budgetPerMinute]: { globalValue: budgetPerMinute },
          [UserSettingKey.logMaxLines]: { globalValue: logMaxLines },
        }),
      );
    assert.deepEqual(take(8123, 80, 500), {
      connections: undefined,
      loopbackPort: 8123,
      budgetPerMinute: 80,
      logMaxLines: 500,
      autoRefreshSeconds: 30,
      logMinimumLevel: 'Information',
    });
    assert.deepEqual(take(70_000, 100_000, 100_000_000), {
      connections: undefined,
      loopbackPort: 0,
      budgetPerMinute: 50,
      logMaxLines: 10_000,
      autoRefreshSeconds: 30,
      logMinimumLevel: 'Information',
    });
    assert.deepEqual(take('8123', 1.5, null), {
      connections: undefined,
      loopbackPort: 0,
      budgetPerMinute: 50,
      logMaxLines: 10_000,
      autoRefreshSeconds: 30,
      logMinimumLevel: 'Information',
    });
  });
});

describe('settings defaults and bounds match the manifest', () => {
  const manifest = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'package.json'), 'utf8')) as {
    contributes: {
      configuration: {
        properties: Record<string, { default?: unknown; minimum?: number; maximum?: number; enum?: string[] }>;
      };
    };
  };
  const properties = manifest.contributes.configuration.properties;
  const fields = Object.entries(UserSettingKey) as [keyof typeof UserSettingKey, UserSettingKey][];
  const read = (key: UserSettingKey, value: unknown) => userSettings(levels({ [key]: { globalValue: value } }));

  it('declares every key the module reads, and reads every key the manifest declares', () => {
    assert.deepEqual(fields.map(([, key]) => key).sort(), Object.keys(properties).sort());
  });

  for (const [field, key] of fields) {
    if (field === 'connections') continue;
    it(`${key}: the manifest's default when unset or out of bounds, the value at each bound`, () => {
      const { default: fallback, minimum, maximum, enum: choices } = properties[key]!;
      assert.equal(read(key, undefined)[field], fallback, 'unset');
      if (choices) {
        for (const choice of choices) assert.equal(read(key, choice)[field], choice);
        assert.equal(read(key, 'Loudest')[field], fallback, 'not a declared choice');
        return;
      }
      assert.ok(minimum !== undefined && maximum !== undefined, `${key} declares its bounds`);
      assert.equal(read(key, minimum)[field], minimum);
      assert.equal(read(key, maximum)[field], maximum);
      assert.equal(read(key, minimum - 1)[field], fallback, 'below the minimum');
      assert.equal(read(key, maximum + 1)[field], fallback, 'above the maximum');
      assert.equal(read(key, String(fallback))[field], fallback, 'not a number');
    });
  }
});
