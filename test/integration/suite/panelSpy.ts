import type { IdeaFormPanel } from '../../../src/host/webviews/ideaFormPanel';
import type { QueueItemPanel } from '../../../src/host/webviews/queueItemPanel';
import type { JobPanel } from '../../../src/host/webviews/jobPanel';

/** Records what a panel posts to its webview (the replies a webview would receive). */
export function spy(panel: QueueItemPanel | IdeaFormPanel | JobPanel): unknown[] {
  const posted: unknown[] = [];
  const host = panel.host as unknown as { post(message: unknown): void };
  const post = host.post.bind(host);
  host.post = (message: unknown) => {
    posted.push(message);
    post(message);
  };
  return posted;
}

export const replyTo = (posted: unknown[], id: number) =>
  posted.find((m) => (m as { type: string; id?: number }).type === 'reply' && (m as { id: number }).id === id) as
    { ok: boolean; message?: string; fieldErrors?: { field: string; message: string }[] } | undefined;
