import type { ViewId } from '../../constants';
import type { CollectionContext, ContextValue, RowFlag } from '../../core/rows/contextValues';

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

/** A change command offered on rows only (never in the palette): Stop, Kill, Update, Roll Back… */
export const rowChange = (title: string, icon: `$(${string})`, rows: readonly RowMenu[]): CommandContribution => ({
  title,
  icon,
  palette: 'never',
  changes: true,
  rows,
});

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
