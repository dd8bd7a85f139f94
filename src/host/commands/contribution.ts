import { ViewId } from '../../constants';
import { ContextValue, type CollectionContext, type RowFlag } from '../../core/rows/contextValues';

/**
 * Where a command appears, declared next to its code: `npm run manifest` (test/harness/manifest.ts) writes
 * package.json's `contributes.commands` and `menus` and package.nls.json's titles from these, and the unit suite fails
 * when the committed files are not what it writes. Plain data, read by the generator under the vscode stub; nothing
 * here is used at run time, so it costs activation nothing.
 */
export interface CommandContribution {
  /** The label in menus and the palette, in English (package.nls.json's `command.<id>.title`): "…" when it asks. */
  readonly title: string;
  /** A codicon, for inline and title-bar buttons. */
  readonly icon?: `$(${string})`;
  /**
   * When the Command Palette offers it: `never` for a command that needs a row (run without one it would refuse).
   * A change command is offered only while some connection allows changes.
   */
  readonly palette: Palette;
  /**
   * It changes something at a service: its row menus show only on rows of connections that allow changes, and the
   * palette and view titles offer it only while some connection does. It still refuses when run (guardChange).
   */
  readonly changes?: true;
  /** Its entries in the rows' context menus (and inline buttons). */
  readonly rows?: readonly RowMenu[];
  /** Its buttons in a view's title bar: shown when the palette would offer it. */
  readonly viewTitle?: readonly ViewTitleMenu[];
  /** Its buttons in an editor's title bar. */
  readonly editorTitle?: readonly EditorTitleMenu[];
  /** Its entries in the File Explorer's context menu (on files of the workspace, e.g. `resourceExtname == .nupkg`). */
  readonly fileExplorer?: readonly EditorTitleMenu[];
}

/** Always; once a connection exists; once one is signed in; never; or a condition of the editor (documents). */
export type Palette = 'always' | 'withConnections' | 'signedIn' | 'never' | { readonly when: string };

/** The views a menu entry shows in: one, or several. */
export type Views = ViewId | readonly ViewId[];

/**
 * A row menu entry: on rows of these views whose context value starts with one of `rows`, carries the flag `has`
 * and not the flag `lacks` (any of them may be left out, not all).
 */
export interface RowMenu {
  readonly views: Views;
  readonly rows?: readonly (ContextValue | CollectionContext)[];
  readonly has?: RowFlag;
  readonly lacks?: RowFlag;
  /** The menu's group (`inline` for a button on the row), and the place in it. */
  readonly group: string;
  readonly order?: number;
}

export interface ViewTitleMenu {
  readonly views: Views;
  readonly group: string;
  readonly order?: number;
}

export interface EditorTitleMenu {
  readonly when: string;
  readonly group: string;
  readonly order?: number;
}

/**
 * A row menu entry and the same as a button on the row (`inline`), at `buttonOrder` among the row's buttons (by
 * default its place in the menu; none when undefined there too).
 */
export function withButton(menu: RowMenu, buttonOrder = menu.order): RowMenu[] {
  const { order: _menuOrder, ...where } = menu;
  return [{ ...where, group: 'inline', ...(buttonOrder === undefined ? {} : { order: buttonOrder }) }, menu];
}

/** The row kinds several menus name together: a connection signed in or out, a process current or outdated, … */
export const RowKinds = {
  connection: [ContextValue.connectionSignedIn, ContextValue.connectionSignedOut],
  process: [ContextValue.process, ContextValue.processOutdated],
  job: [ContextValue.jobRunning, ContextValue.jobFinal],
  packageOrVersion: [ContextValue.package, ContextValue.packageVersion, ContextValue.packageVersionLatest],
} as const;

type RowKind = ContextValue | CollectionContext;

/** A menu entry on rows of these kinds in the Orchestrator view, in `group` at `order`. */
export const inExplorer = (rows: readonly RowKind[], group: string, order?: number): RowMenu =>
  placed({ views: ViewId.explorer, rows, group }, order);

/** A menu entry on rows of these kinds in the Ideas view, in `group` at `order`. */
export const inIdeas = (rows: readonly RowKind[], group: string, order?: number): RowMenu =>
  placed({ views: ViewId.ideas, rows, group }, order);

const placed = (menu: RowMenu, order: number | undefined): RowMenu => (order === undefined ? menu : { ...menu, order });

// The presets: where the common kinds of command appear, by what they are. A command that fits none spells its
// CommandContribution out (Start Job, Refresh).

type Icon = `$(${string})`;

/** Offered on rows only, never in the palette (run without a row it would refuse): Show Idea, Tail Logs, Copy Key… */
export const rowCommand = (title: string, icon: Icon, rows: readonly RowMenu[]): CommandContribution => ({
  title,
  icon,
  palette: 'never',
  rows,
});

/** A change command offered on rows only (never in the palette): Stop, Kill, Update, Roll Back… */
export const rowChange = (title: string, icon: Icon, rows: readonly RowMenu[]): CommandContribution => ({
  ...rowCommand(title, icon, rows),
  changes: true,
});

/**
 * Offered by the palette (`palette` says when), and where `menus` puts it besides (rows, view-title buttons; `changes`
 * for a change command): Sign In, Add Connection, Show Running Jobs…
 */
export const paletteCommand = (
  title: string,
  icon: Icon | undefined,
  palette: Palette,
  menus: Pick<CommandContribution, 'changes' | 'rows' | 'viewTitle'> = {},
): CommandContribution => ({ title, ...(icon ? { icon } : {}), palette, ...menus });

/** A connection row's command, also in the palette once a connection exists: Edit, Remove, Refresh Definition. */
export const connectionCommand = (title: string, icon: Icon, order: number): CommandContribution =>
  paletteCommand(title, icon, 'withConnections', { rows: [inExplorer(RowKinds.connection, '2_connection', order)] });

/**
 * A button in the title bar of an `orchestrator:` document while `shown` holds (a DocumentWhen), at `order`; the
 * palette offers it while `offered` does.
 */
export const documentCommand = (
  title: string,
  icon: Icon,
  order: number,
  shown: string,
  offered = shown,
): CommandContribution => ({
  title,
  icon,
  palette: { when: offered },
  editorTitle: [{ when: shown, group: 'navigation', order }],
});

/** A change on an idea row (Change Status, Add Tags, Manage Collaborators, Attach Document), at `order` among them. */
export const ideaChange = (title: string, icon: Icon, order: number): CommandContribution =>
  rowChange(title, icon, [inIdeas([ContextValue.idea], '2_ideaChange', order)]);

/** A change on a queue row (Add Item, Bulk Add from File), at `order` among them. */
export const queueChange = (title: string, icon: Icon, order: number): CommandContribution =>
  rowChange(title, icon, [inExplorer([ContextValue.queue], '1_queue', order)]);

/** A command on a package row or one of its versions (Edit Package Arguments, Download Package), at `order`. */
export const packageCommand = (title: string, icon: Icon, order: number): CommandContribution =>
  rowCommand(title, icon, [inExplorer(RowKinds.packageOrVersion, '3_package', order)]);

/** Marks English that goes to package.nls.json (not to the l10n bundle): the l10n coverage check reads it as marked. */
export const nls = (english: string): string => english;

/** The editor conditions the documents' commands use (`orchestrator:` documents, see src/host/documents). */
export const DocumentWhen = {
  /** An `orchestrator:` document is the active editor's. */
  open: 'resourceScheme == orchestrator',
  /** …and it can be edited (a service document, not a read-only view). */
  editable: 'resourceScheme == orchestrator && !activeEditorIsReadonly',
  /** …and it has a draft not yet applied. */
  drafted: 'resourceScheme == orchestrator && resource in orchestrator.documentDrafts',
} as const;
