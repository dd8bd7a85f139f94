import type { Connection } from '../../core/connections';
import {
  checkAssetName,
  checkIntegerText,
  checkPassword,
  checkTextValue,
  checkUsername,
  parseIntegerValue,
  type AssetValue,
  type AssetValueType,
} from '../../core/orchestrator/assetValues';
import { collectAll } from '../../core/odata/paging';
import type { AssetRobotValue, Robot } from '../../core/orchestrator/schemas';
import { plainText } from '../../core/presentation/plainText';
import type { FolderById } from '../../core/rows/rows';
import { t } from '../../core/l10n';
import type { Services } from '../services';

/**
 * The questions Create Asset and Edit Asset ask, each answer checked as typed with the service's rules
 * (src/core/orchestrator/assetValues.ts). A credential's password is asked in a password box, handed to the log's
 * redaction the moment it is typed (so no log line or notification can ever quote it), and returned only to be sent.
 */
export type AssetPromptUses = Pick<Services, 'clientFor' | 'input' | 'log'>;

/** Where the asset lives, and the title every question starts with ("Create Asset in Shared"). */
export interface AssetPlace {
  connection: Connection;
  folder: FolderById;
  heading: string;
  signal: AbortSignal;
}

/** The user's words for each type, in the order the pick offers them. */
export const TYPE_LABELS: Record<AssetValueType, string> = {
  Text: t('Text'),
  Integer: t('Integer'),
  Bool: t('Boolean'),
  Credential: t('Credential'),
};

export async function askAssetName(ctx: AssetPromptUses, place: AssetPlace, current = ''): Promise<string | undefined> {
  return ctx.input.input({
    title: plainText(t('{0}: name', place.heading)),
    prompt: t('Up to 128 characters, unique in the folder.'),
    value: current,
    validateInput: checkAssetName,
  });
}

export async function askAssetType(ctx: AssetPromptUses, place: AssetPlace): Promise<AssetValueType | undefined> {
  const items = (Object.entries(TYPE_LABELS) as [AssetValueType, string][]).map(([type, label]) => ({ label, type }));
  return (await ctx.input.pick(items, { title: plainText(t('{0}: type', place.heading)) }))?.type;
}

export async function askAssetScope(ctx: AssetPromptUses, place: AssetPlace): Promise<boolean | undefined> {
  const items = [
    { label: t('Global'), detail: t('One value for every robot.'), perRobot: false },
    { label: t('Per robot'), detail: t('A value of its own for each robot you choose.'), perRobot: true },
  ];
  return (await ctx.input.pick(items, { title: plainText(t('{0}: scope', place.heading)) }))?.perRobot;
}

/** The folder's robots to give a value, those with one already chosen; undefined when dismissed. */
export async function askAssetRobots(
  ctx: AssetPromptUses,
  place: AssetPlace,
  chosen: readonly number[] = [],
): Promise<Robot[] | undefined> {
  const { connection, folder, signal } = place;
  const robots = await collectAll(
    ctx.clientFor(connection).robots.iterate({ folder, signal, query: { orderBy: [{ path: 'Name' }] } }),
  );
  if (robots.length === 0)
    throw new Error(t('No robots are assigned to this folder, so a per-robot asset has none to hold values for.'));
  const items = robots.map((robot) => ({
    label: plainText(robot.Name),
    description: plainText(robot.MachineName ?? ''),
    picked: chosen.includes(robot.Id),
    robot,
  }));
  const picked = await ctx.input.pickMany(items, { title: plainText(t('{0}: robots', place.heading)) });
  if (picked?.length === 0) throw new Error(t('Choose at least one robot for a per-robot asset.'));
  return picked?.map((p) => p.robot);
}

/**
 * One value of the asset's type: the asset's own, or one robot's (`whose` names it). `current` fills the boxes when
 * editing; a credential's password is never filled in, and left empty it keeps the one the service holds.
 */
export async function askAssetValue(
  ctx: AssetPromptUses,
  place: AssetPlace,
  type: AssetValueType,
  options: { whose?: string; current?: Partial<AssetRobotValue>; keepsPassword?: boolean } = {},
): Promise<AssetValue | undefined> {
  const { current = {}, whose } = options;
  const title = (what: string) =>
    plainText(whose ? t('{0}: {1} for {2}', place.heading, what, whose) : t('{0}: {1}', place.heading, what));
  switch (type) {
    case 'Text': {
      const text = await ctx.input.input({
        title: title(t('text')),
        prompt: t('Up to 1,000,000 characters.'),
        value: current.StringValue ?? '',
        validateInput: checkTextValue,
      });
      return text === undefined ? undefined : { ValueType: 'Text', StringValue: text };
    }
    case 'Integer': {
      const text = await ctx.input.input({
        title: title(t('whole number')),
        value: current.IntValue === undefined || current.IntValue === null ? '' : String(current.IntValue),
        validateInput: checkIntegerText,
      });
      const value = text === undefined ? undefined : parseIntegerValue(text);
      return value === undefined ? undefined : { ValueType: 'Integer', IntValue: value };
    }
    case 'Bool': {
      const items = [
        { label: t('True'), value: true },
        { label: t('False'), value: false },
      ].sort((a, b) => Number(b.value === current.BoolValue) - Number(a.value === current.BoolValue));
      const pick = await ctx.input.pick(items, { title: title(t('true or false')) });
      return pick && { ValueType: 'Bool', BoolValue: pick.value };
    }
    case 'Credential':
      return askCredential(ctx, title, current.CredentialUsername ?? '', options.keepsPassword ?? false);
  }
}

async function askCredential(
  ctx: AssetPromptUses,
  title: (what: string) => string,
  username: string,
  keepsPassword: boolean,
): Promise<AssetValue | undefined> {
  const user = await ctx.input.input({
    title: title(t('user name')),
    value: username,
    validateInput: checkUsername,
  });
  if (user === undefined) return undefined;
  const password = await ctx.input.input({
    title: title(t('password')),
    prompt: keepsPassword
      ? t('Leave empty to keep the current password. It is sent only to the service, never shown or stored here.')
      : t('It is sent only to the service, never shown or stored here.'),
    password: true,
    validateInput: (value) => checkPassword(value, keepsPassword),
  });
  if (password === undefined) return undefined;
  if (!password) return { ValueType: 'Credential', CredentialUsername: user };
  // From now on no log line or failure notification can quote it, in any form, even if the service echoes it.
  ctx.log.redact(password);
  return { ValueType: 'Credential', CredentialUsername: user, CredentialPassword: password };
}
