import type * as vscode from 'vscode';
import { CommandId } from '../../../constants';
import type { Connection } from '../../../core/connections';
import type { IdeaClient } from '../../../core/ideas/client';
import type { Idea } from '../../../core/ideas/schemas';
import type { Page } from '../../../core/odata/envelope';
import { ideaItem, namedItem, type IdeaLookups } from '../../presentation/ideaItems';
import { CollectionContext, ContextValue } from '../../../core/rows/contextValues';
import { childId, RowIds } from '../../../core/rows/rowIds';
import { makeRow, type RowOf } from '../../../core/rows/rows';
import { PagedNode } from '../pagedNode';
import type { CollectionLook, PagedSource } from '../pagedSource';
import { LeafNode, messageNode, toTreeItem, type TreeNode } from '../treeNode';
import { categoriesNode, pipelineNode, storeEntryNode } from './ideaGroupNodes';
import { t } from '../../../core/l10n';
import { errorMessage } from '../../../core/errorMessage';

/** One list of ideas under a connection: its row, the phase and status it shows, what it says when empty. */
interface IdeaList {
  id: string;
  look: CollectionLook;
  filter: { phase?: string; status?: string };
  empty: string;
  extra?: Partial<PagedSource<Idea>>;
}

export interface IdeasHost {
  /** Throws with what to do when the connection has no idea-service URL or credentials. */
  clientFor(connection: Connection): Promise<IdeaClient>;
  /** The connection's account signed out: its ideas wait for a sign-in (see host/signedOut.ts). */
  needsSignIn(connection: Connection): boolean;
  changed(node: TreeNode | undefined): void;
  now(): number;
}

/** The idea service pages by number (1-based, pageSize ≤ 100): one of our pages of 50 is one of its pages. */
const ideaPage = async (
  load: (page: number, pageSize: number) => Promise<{ data: Idea[]; page: { total: number } }>,
  top: number,
  skip: number,
): Promise<Page<Idea>> => {
  const answer = await load(Math.floor(skip / top) + 1, top);
  return { items: answer.data, count: answer.page.total, skipped: [] };
};

/** A list the service answers whole: shown as one page, narrowed locally by name. */
const wholeList = <T extends { name: string }>(items: T[], text: string | undefined): Page<T> => {
  const needle = text?.toLowerCase();
  const shown = needle ? items.filter((i) => i.name.toLowerCase().includes(needle)) : items;
  return { items: shown, count: shown.length, skipped: [] };
};

/**
 * A connection in the Ideas view: Pipeline (phase → status → automations), All Automations, Categories, Automation
 * Store (→ reviews), Components, Application Inventory. Submitter and category names come from one users page and the
 * category hierarchy, loaded once with the first list that needs them.
 */
export class IdeasConnectionNode implements TreeNode {
  readonly id: string;
  readonly row: RowOf<'ideasConnection'>;
  private groups: TreeNode[] | undefined;
  private lookups: Promise<IdeaLookups> | undefined;

  constructor(
    private readonly host: IdeasHost,
    readonly connection: Connection,
  ) {
    this.id = RowIds.ideasConnection(connection.id);
    this.row = makeRow({ kind: 'ideasConnection', connection });
  }

  item(): vscode.TreeItem {
    const signedOut = this.host.needsSignIn(this.connection);
    return toTreeItem({
      id: this.id,
      label: this.connection.label,
      description: signedOut ? t('idea service · signed out') : t('idea service'),
      icon: { id: 'lightbulb' },
      contextValue: ContextValue.ideasConnection,
      collapsible: 'collapsed',
    });
  }

  async children(): Promise<TreeNode[]> {
    if (this.host.needsSignIn(this.connection)) {
      return [
        messageNode(
          childId(this.id, 'signIn'),
          t('Signed out: sign in to see the ideas of this tenant again'),
          'sign-in',
          { command: CommandId.signIn, title: t('Sign In'), arguments: [this.connection.id] },
        ),
      ];
    }
    let client: IdeaClient;
    try {
      client = await this.host.clientFor(this.connection);
    } catch (error) {
      return [
        messageNode(childId(this.id, 'credentials'), `${errorMessage(error)}`, 'key', {
          command: CommandId.setIdeaServiceCredentials,
          title: t('Set Idea Service Credentials'),
          arguments: [this.connection.id],
        }),
      ];
    }
    this.groups ??= this.makeGroups(client);
    return this.groups;
  }

  reset(): void {
    for (const group of this.groups ?? []) group.reset?.();
    this.groups = undefined;
    this.lookups = undefined;
  }

  private names(client: IdeaClient): Promise<IdeaLookups> {
    this.lookups ??= Promise.allSettled([client.users({ page: 1, pageSize: 100 }), client.categories()]).then(
      ([users, categories]) => ({
        users: new Map(
          users.status === 'fulfilled'
            ? users.value.data.map((u) => [u.id, `${u.firstName} ${u.lastName}`.trim() || u.email])
            : [],
        ),
        categories: new Map(categories.status === 'fulfilled' ? categories.value.data.map((c) => [c.id, c.name]) : []),
      }),
    );
    return this.lookups;
  }

  private makeGroups(client: IdeaClient): TreeNode[] {
    const connection = this.connection;
    const list = (word: Parameters<typeof RowIds.ideasList>[1]) => RowIds.ideasList(connection.id, word);
    const where = t('the idea service of {0}', this.connection.label);
    const changed = (node: TreeNode) => this.host.changed(node);
    let names: IdeaLookups = { users: new Map(), categories: new Map() };
    const withNames = async <T>(page: Promise<T>): Promise<T> => {
      const [result, lookups] = await Promise.all([page, this.names(client)]);
      names = lookups;
      return result;
    };
    const idea = (row: Idea, at: string) => {
      const data = ideaItem(at, row, names, this.host.now());
      return new LeafNode(data.id, toTreeItem(data), makeRow({ kind: 'idea', connection, idea: row }));
    };
    /** A list of ideas: those of a phase and status, or all of them; `extra` adds to its source (a badge). */
    const ideas = ({ id, look, filter, empty, extra = {} }: IdeaList) =>
      new PagedNode<Idea>(
        id,
        { ...look, contextValue: CollectionContext.ideas },
        {
          load: (top, skip, signal, n) =>
            withNames(
              ideaPage(
                (page, pageSize) => client.ideas({ ...filter, search: n.text, page, pageSize, signal }),
                top,
                skip,
              ),
            ),
          filterField: t('name or description'),
          make: (row) => idea(row, id),
          what: t('automations'),
          where,
          empty: { text: empty },
          ...extra,
        },
        changed,
      );
    return [
      pipelineNode(list('pipeline'), client, where, (phase, status, id) =>
        ideas({
          id,
          look: { label: status.status, icon: 'circle-small' },
          filter: { phase, status: status.status },
          empty: t('No automations are {0} in {1}.', status.status, phase),
          extra: { badge: () => String(status.count) },
        }),
      ),
      ideas({
        id: list('all'),
        look: { label: t('All Automations'), icon: 'lightbulb' },
        filter: {},
        empty: t('No automation ideas yet. Submit the first one.'),
      }),
      categoriesNode(list('categories'), connection, client, where),
      new PagedNode<Idea>(
        list('store'),
        { label: t('Automation Store'), icon: 'library' },
        {
          load: (top, skip, signal) =>
            withNames(ideaPage((page, pageSize) => client.store({ page, pageSize, signal }), top, skip)),
          make: (row) => storeEntryNode(list('store'), row, { connection, client, names, now: this.host.now() }),
          what: t('store automations'),
          where,
          empty: { text: t('Nothing is published to the store yet.') },
        },
        changed,
      ),
      new PagedNode(
        list('components'),
        { label: t('Components'), icon: 'extensions' },
        {
          load: async (_top, _skip, signal, n) =>
            wholeList((await client.components(undefined, { signal })).data, n.text),
          filterField: 'name',
          make: (row) => {
            const data = namedItem(list('components'), 'component', row);
            return new LeafNode(data.id, toTreeItem(data), makeRow({ kind: 'component', connection, component: row }));
          },
          what: t('components'),
          where,
          empty: { text: t('No components are registered.') },
        },
        changed,
      ),
      new PagedNode(
        list('applications'),
        { label: t('Application Inventory'), icon: 'window' },
        {
          load: async (_top, _skip, signal, n) => wholeList((await client.applications({ signal })).data, n.text),
          filterField: 'name',
          make: (row) => {
            const data = namedItem(list('applications'), 'application', row);
            return new LeafNode(
              data.id,
              toTreeItem(data),
              makeRow({ kind: 'application', connection, application: row }),
            );
          },
          what: t('applications'),
          where,
          empty: { text: t('The application inventory is empty.') },
        },
        changed,
      ),
    ];
  }
}
