import type { PanelHost } from '../../../src/host/webviews/panelHost';
import { parseJobPanelToWebview, type JobPanelToWebview } from '../../../src/shared/protocol/jobPanel';

/** Records what a panel posts to its webview (the replies a webview would receive). */
export function spy<In extends { type: string }, Out extends { type: string }>(panel: {
  readonly host: PanelHost<In, Out>;
}): Out[] {
  const posted: Out[] = [];
  const host = panel.host;
  const post = host.post.bind(host);
  host.post = (message: Out) => {
    posted.push(message);
    post(message);
  };
  return posted;
}

export const replyTo = (posted: unknown[], id: number) =>
  posted.find((m) => (m as { type: string; id?: number }).type === 'reply' && (m as { id: number }).id === id) as
    { ok: boolean; message?: string; fieldErrors?: { field: string; message: string }[] } | undefined;

/** What a job panel posted, read back through the protocol's own parser (so nothing here is cast). */
export const jobPanelMessages = (posted: unknown[]): JobPanelToWebview[] =>
  posted.flatMap((m) => {
    const parsed = parseJobPanelToWebview(m);
    return parsed.ok ? [parsed.message] : [];
  });
/** The states a job panel showed, in order. */
export const jobStatesIn = (posted: unknown[]) =>
  jobPanelMessages(posted).flatMap((m) => (m.type === 'show' || m.type === 'update' ? [m.job] : []));
