// `npm run manifest`: writes package.json's `contributes.commands` and `contributes.menus`, and the command titles of
// package.nls.json, from what each command declares next to its code (`contributes` in its CommandDefinition,
// src/host/commands/contribution.ts). The unit suite checks the committed files are what this writes, as it does
// for the l10n bundle. The definitions are read as the extension reads them (through `commandLoaders`), under the
// vscode stub: nothing is kept in a second list.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CommandId, ContextKey } from '../../src/constants';
import { CHANGES_ALLOWED_WHEN } from '../../src/core/rows/contextValues';
import type { CommandContribution, Palette, RowMenu, Views } from '../../src/host/commands/contribution';
import type { CommandDefinition } from '../../src/host/commands/registry';
import { useVscodeStub } from '../support/vscodeStub';
import { toJSONSchema } from 'zod/mini';
import type { Tool } from '../../src/host/agents/toolDefinition';
import type { Services } from '../../src/host/services';
import { ToolName } from '../../src/host/agents/toolNames';

const ROOT = join(__dirname, '..', '..');
export const PACKAGE_FILE = join(ROOT, 'package.json');
export const NLS_FILE = join(ROOT, 'package.nls.json');

/**
 * One part of the manifest a writer owns: the value at `path` in package.json, and the package.nls.json keys under
 * `nlsPrefix` (keys there that it does not write are dropped). A writer turns declarations of one kind into parts:
 * the commands' below, and the language-model tools' (toolsWriter).
 */
export interface ManifestPart {
  readonly path: readonly string[];
  readonly value: unknown;
  readonly nlsPrefix?: string;
  readonly nls?: Readonly<Record<string, string>>;
}
export type ContributionWriter<D> = (declarations: readonly D[]) => ManifestPart[];

type Declared = Pick<CommandDefinition<unknown>, 'id' | 'contributes'>;

/** Every command definition, in CommandId's order, loaded as the extension loads them (each module once). */
export async function loadCommandDefinitions(): Promise<Declared[]> {
  useVscodeStub();
  // Imported here, not at the top: the command modules import `vscode`, which answers only once it is stubbed.
  const { commandLoaders } = await import('../../src/host/commands/commandLoaders');
  return Promise.all(Object.values(CommandId).map((id) => commandLoaders[id]()));
}

/** The commands that change something at a service (`changes: true`), in CommandId's order. */
export async function changeCommandIds(): Promise<CommandId[]> {
  return (await loadCommandDefinitions()).filter((d) => d.contributes.changes).map((d) => d.id);
}

/** `orchestrator.tree.refresh` → `tree.refresh`: the id's part in nls keys. */
const keyOf = (id: string) => id.replace(/^orchestrator\./, '');
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const withOrder = (group: string, order?: number) => (order === undefined ? group : `${group}@${order}`);

/** `view == orchestrator.explorer`, or `view =~ /^orchestrator\.(explorer|ideas)$/` for several. */
function inViews(views: Views): string {
  const list: readonly string[] = typeof views === 'string' ? [views] : views;
  if (list.length === 1) return `view == ${list[0]}`;
  return `view =~ /^orchestrator\\.(${list.map((v) => escape(keyOf(v))).join('|')})$/`;
}

/** The `viewItem` terms of a row menu: its kinds (a context value starts with one), then the flags it has or lacks. */
function onRows(menu: RowMenu): string[] {
  const terms: string[] = [];
  if (menu.rows) {
    const kinds = menu.rows.map(escape);
    terms.push(`viewItem =~ /^${kinds.length === 1 ? kinds[0] : `(${kinds.join('|')})`}( |$)/`);
  }
  if (menu.has) terms.push(`viewItem =~ /\\b${escape(menu.has)}\\b/`);
  if (menu.lacks) terms.push(`viewItem =~ /^(?!.*\\b${escape(menu.lacks)}\\b)/`);
  if (terms.length === 0) throw new Error(`a row menu names rows or a flag: ${JSON.stringify(menu)}`);
  return terms;
}

const PALETTE: Record<Exclude<Palette, { when: string }>, string | undefined> = {
  always: undefined,
  withConnections: ContextKey.hasConnections,
  signedIn: ContextKey.signedIn,
  never: 'false',
};

/** When the palette offers it (undefined: always): a change command only while some connection allows changes. */
function paletteWhen({ palette, changes }: CommandContribution): string | undefined {
  const base = typeof palette === 'string' ? PALETTE[palette] : palette.when;
  if (base === 'false' || !changes) return base;
  return [base, ContextKey.changesAllowed].filter(Boolean).join(' && ');
}

/** The commands' part: `contributes.commands`, every menu, and the titles in package.nls.json. */
export const commandsWriter: ContributionWriter<Declared> = (definitions) => {
  const commands: object[] = [];
  const nls: Record<string, string> = {};
  const menus = {
    commandPalette: [] as object[],
    'view/title': [] as object[],
    'view/item/context': [] as object[],
    'editor/title': [] as object[],
    'explorer/context': [] as object[],
  };
  for (const { id, contributes: c } of definitions) {
    const titleKey = `command.${keyOf(id)}.title`;
    nls[titleKey] = c.title;
    commands.push({
      command: id,
      title: `%${titleKey}%`,
      category: '%category.orchestrator%',
      ...(c.icon ? { icon: c.icon } : {}),
    });
    const palette = paletteWhen(c);
    if (palette !== undefined) menus.commandPalette.push({ command: id, when: palette });
    for (const menu of c.viewTitle ?? []) {
      if (palette === 'false') throw new Error(`${id}: a title button of a command the palette never offers`);
      const when = [inViews(menu.views), palette].filter(Boolean).join(' && ');
      menus['view/title'].push({ command: id, when, group: withOrder(menu.group, menu.order) });
    }
    for (const menu of c.rows ?? []) {
      const when = [inViews(menu.views), ...onRows(menu), ...(c.changes ? [CHANGES_ALLOWED_WHEN] : [])].join(' && ');
      menus['view/item/context'].push({ command: id, when, group: withOrder(menu.group, menu.order) });
    }
    for (const menu of c.editorTitle ?? [])
      menus['editor/title'].push({ command: id, when: menu.when, group: withOrder(menu.group, menu.order) });
    for (const menu of c.fileExplorer ?? []) {
      const when = [menu.when, ...(c.changes ? [ContextKey.changesAllowed] : [])].join(' && ');
      menus['explorer/context'].push({ command: id, when, group: withOrder(menu.group, menu.order) });
    }
  }
  return [
    { path: ['contributes', 'commands'], value: commands, nlsPrefix: 'command.', nls },
    { path: ['contributes', 'menus'], value: menus },
  ];
};

const jsonText = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** package.json and package.nls.json as the parts make them, from their current text (everything else kept). */
export function applyParts(
  packageText: string,
  nlsText: string,
  parts: readonly ManifestPart[],
): { packageText: string; nlsText: string } {
  const manifest = JSON.parse(packageText) as Record<string, unknown>;
  let nls = Object.entries(JSON.parse(nlsText) as Record<string, string>);
  for (const part of parts) {
    let at = manifest;
    for (const step of part.path.slice(0, -1)) at = (at[step] ??= {}) as Record<string, unknown>;
    // An existing key keeps its place in the file.
    at[part.path.at(-1)!] = part.value;
    const prefix = part.nlsPrefix;
    if (prefix !== undefined)
      nls = [...nls.filter(([key]) => !key.startsWith(prefix)), ...Object.entries(part.nls ?? {})];
  }
  nls.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return { packageText: jsonText(manifest), nlsText: jsonText(Object.fromEntries(nls)) };
}

/** Every language-model tool, in ToolName's order, loaded as the extension loads them. */
export async function loadToolDefinitions(): Promise<Tool<Services>[]> {
  useVscodeStub();
  const { toolLoaders } = await import('../../src/host/agents/toolRegistry');
  return Promise.all(Object.values(ToolName).map((name) => toolLoaders[name]()));
}

/**
 * The tools' part: `contributes.languageModelTools` (the input schema from each tool's zod schema) and their names for
 * people in package.nls.json. The editor groups an extension's tools under the extension's name by itself; a tool set
 * of our own (`languageModelToolSets`) needs an API proposal marketplace extensions may not use.
 */
export const toolsWriter: ContributionWriter<Tool<Services>> = (tools) => {
  const nls: Record<string, string> = {};
  const value = tools.map(({ about, input }) => {
    const key = `tool.${about.name.replace(/^orchestrator_/, '')}`;
    nls[`${key}.displayName`] = about.displayName;
    nls[`${key}.userDescription`] = about.userDescription;
    const { $schema: _schema, ...schema } = toJSONSchema(input, { io: 'input' });
    const properties = (schema.properties ?? {}) as Record<string, object>;
    const described = Object.keys(about.describe);
    if (JSON.stringify(Object.keys(properties).sort()) !== JSON.stringify(described.sort()))
      throw new Error(
        `${about.name}: describe names ${described.join(', ')}, the input has ${Object.keys(properties).join(', ')}`,
      );
    const inputSchema = {
      ...schema,
      properties: Object.fromEntries(
        Object.entries(properties).map(([field, property]) => [
          field,
          { ...property, description: about.describe[field] },
        ]),
      ),
    };
    return {
      name: about.name,
      toolReferenceName: about.referenceName,
      displayName: `%${key}.displayName%`,
      userDescription: `%${key}.userDescription%`,
      modelDescription: about.modelDescription,
      canBeReferencedInPrompt: true,
      icon: about.changes ? '$(play)' : '$(search)',
      tags: ['orchestrator', about.changes ? 'changes' : 'read'],
      inputSchema,
    };
  });
  return [{ path: ['contributes', 'languageModelTools'], value, nlsPrefix: 'tool.', nls }];
};

/** What `npm run manifest` writes, from the committed files and the definitions. */
export async function generatedManifest(): Promise<{ packageText: string; nlsText: string }> {
  const parts = [...commandsWriter(await loadCommandDefinitions()), ...toolsWriter(await loadToolDefinitions())];
  return applyParts(readFileSync(PACKAGE_FILE, 'utf8'), readFileSync(NLS_FILE, 'utf8'), parts);
}

if (require.main === module) {
  void generatedManifest().then(({ packageText, nlsText }) => {
    writeFileSync(PACKAGE_FILE, packageText);
    writeFileSync(NLS_FILE, nlsText);
    const { contributes } = JSON.parse(packageText) as { contributes: { commands: unknown[]; menus: object } };
    const entries = Object.values(contributes.menus as Record<string, unknown[]>).reduce((n, m) => n + m.length, 0);
    const tools = (contributes as { languageModelTools?: unknown[] }).languageModelTools?.length ?? 0;
    console.log(
      `manifest: ${contributes.commands.length} commands, ${entries} menu entries, ${tools} language-model tools in package.json`,
    );
  });
}
