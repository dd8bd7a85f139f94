// The sandbox's web portal: a plain page per entity at the addresses Open in Web Portal builds (README, Web portal).
import type { Reply, Request } from '../server/http';
import type { Folder, IdeasState, Row, TenantState } from '../orchestrator/state';
import { portalNotFound, portalPage, type Link } from './page';

const ID = /^\d+$/;

/**
 * `<service>/` (the tenant), `<service>/folders/<id>` and below it `processes/<id>`, `jobs/<id>`, `queues/<id>`,
 * `queues/<id>/items/<id>` and `assets/<id>`. Undefined for any other path, which the service answers.
 */
export function orchestrationPortal(
  req: Request,
  tenant: TenantState,
  rest: string[],
  base: string,
): Reply | undefined {
  if (req.method !== 'GET' || (rest.length > 0 && rest[0] !== 'folders')) return undefined;
  const home: Link = { href: `${base}/`, text: `Tenant ${tenant.Name}` };
  if (rest.length === 0)
    return portalPage({
      kind: 'Tenant',
      name: tenant.Name,
      fields: [['Folders', tenant.folders.length]],
      links: tenant.folders.map((f) => ({ href: `${base}/folders/${f.Id}`, text: f.FullyQualifiedName })),
    });
  const [, folderId, kind, id, sub, subId, ...extra] = rest;
  const where = `/${rest.join('/')}`;
  const malformed = [id, subId].some((v) => v !== undefined && !ID.test(v)) || (kind !== undefined && !id);
  if (!ID.test(folderId ?? '') || malformed || (sub !== undefined && !subId) || extra.length > 0)
    return portalNotFound(`No portal page at '${where}': ids are integers.`);
  const folder = tenant.folders.find((f) => f.Id === Number(folderId));
  if (!folder) return portalNotFound(`Folder ${folderId} does not exist in tenant ${tenant.Name}.`);
  const folderLink: Link = { href: `${base}/folders/${folder.Id}`, text: folder.FullyQualifiedName };
  const inFolder = <R extends Row>(rows: R[]) => rows.find((r) => r.Id === Number(id) && r.$folderId === folder.Id);
  const missing = (what: string) =>
    portalNotFound(`${what} ${id} does not exist in folder '${folder.FullyQualifiedName}'.`);
  const page = (kindName: string, name: string, fields: [string, unknown][], trail = [home, folderLink]) =>
    portalPage({ kind: kindName, name, fields, trail });
  switch (sub === undefined ? (kind ?? '') : `${kind}/items`) {
    case '':
      return folderPage(tenant, folder, base, home);
    case 'processes': {
      const release = inFolder(tenant.releases);
      if (!release) return missing('Process');
      return page('Process', release.Name, [
        ['Package', `${release.ProcessKey} ${release.ProcessVersion}`],
        ['Environment', release.EnvironmentName],
        ['Description', release.Description],
        ['Key', release.Key],
      ]);
    }
    case 'jobs': {
      const job = inFolder(tenant.jobs);
      if (!job) return missing('Job');
      return page('Job', `${job.ReleaseName} (job ${job.Id})`, [
        ['State', job.State],
        ['Info', job.Info],
        ['Created', job.CreationTime],
        ['Started', job.StartTime],
        ['Ended', job.EndTime],
        ['Machine', job.HostMachineName],
        ['Source', job.Source],
        ['Key', job.Key],
      ]);
    }
    case 'queues': {
      const queue = inFolder(tenant.queues);
      if (!queue) return missing('Queue');
      const count = (status: string) =>
        tenant.queueItems.filter((i) => i.QueueDefinitionId === queue.Id && i.Status === status).length;
      return page('Queue', queue.Name, [
        ['Description', queue.Description],
        ['New items', count('New')],
        ['Unique references', queue.EnforceUniqueReference ? 'Yes' : 'No'],
        ['Key', queue.Key],
      ]);
    }
    case 'queues/items': {
      const queue = inFolder(tenant.queues);
      const item = queue && tenant.queueItems.find((i) => i.Id === Number(subId) && i.QueueDefinitionId === queue.Id);
      if (!queue || sub !== 'items' || !item)
        return portalNotFound(
          `Queue item ${subId} does not exist in queue ${id} of folder '${folder.FullyQualifiedName}'.`,
        );
      const queueLink = { href: `${base}/folders/${folder.Id}/queues/${queue.Id}`, text: queue.Name };
      return page(
        'Queue item',
        item.Reference ?? `Item ${item.Id}`,
        [
          ['Status', item.Status],
          ['Priority', item.Priority],
          ['Progress', item.Progress],
          ['Specific content', item.SpecificContent],
          ['Created', item.CreationTime],
          ['Key', item.Key],
        ],
        [home, folderLink, queueLink],
      );
    }
    case 'assets': {
      const asset = inFolder(tenant.assets);
      if (!asset) return missing('Asset');
      // The listing's Value: a credential shows its user name only, never the password.
      return page('Asset', String(asset.Name), [
        ['Type', asset.ValueType],
        ['Scope', asset.ValueScope],
        ['Value', asset.Value],
      ]);
    }
    default:
      return portalNotFound(`No portal page at '${where}'.`);
  }
}

function folderPage(tenant: TenantState, folder: Folder, base: string, home: Link): Reply {
  const here = (rows: Row[]) => rows.filter((r) => r.$folderId === folder.Id);
  const link = (kind: string, row: Row, text: string) => ({
    href: `${base}/folders/${folder.Id}/${kind}/${String(row.Id)}`,
    text,
  });
  return portalPage({
    kind: 'Folder',
    name: folder.FullyQualifiedName,
    trail: [home],
    fields: [
      ['Type', folder.FolderType],
      ['Description', folder.Description],
      ['Key', folder.Key],
    ],
    links: [
      ...here(tenant.releases).map((r) => link('processes', r, `Process ${String(r.Name)}`)),
      ...here(tenant.queues).map((q) => link('queues', q, `Queue ${String(q.Name)}`)),
      ...here(tenant.assets).map((a) => link('assets', a, `Asset ${String(a.Name)}`)),
    ],
  });
}

/** `<ideas>/ideas/<id>` (any idea) and `<ideas>/store/<id>` (a live automation). Undefined for other paths. */
export function ideaPortal(req: Request, ideas: IdeasState, rest: string[]): Reply | undefined {
  const [kind, id, ...extra] = rest;
  if (req.method !== 'GET' || (kind !== 'ideas' && kind !== 'store') || id === undefined || extra.length > 0)
    return undefined;
  const idea = ideas.ideas.find((i) => String(i.id) === id && (kind === 'ideas' || i.phase === 'Live'));
  if (!idea)
    return portalNotFound(
      kind === 'store' ? `No automation ${id} is published in the store.` : `Idea ${id} does not exist.`,
    );
  return portalPage({
    kind: kind === 'store' ? 'Store automation' : 'Idea',
    name: String(idea.name),
    fields: [
      ['Phase', idea.phase],
      ['Status', idea.status],
      ['Description', idea.description],
    ],
  });
}
