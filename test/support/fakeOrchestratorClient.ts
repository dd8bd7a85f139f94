import type { OrchestratorClient } from '../../src/core/orchestrator/client';

export type Answers = Record<string, (...args: any[]) => unknown>;

/**
 * An orchestration client whose answers the test gives, by call path ('folders.navigation', 'queues.items.list');
 * every call is recorded by that path, and a call without an answer is refused so the test names what it expects.
 */
export function fakeOrchestratorClient(answers: Answers) {
  const calls: string[] = [];
  // Callable at every depth, so `client.queues.items.list(...)` is the path 'queues.items.list'.
  const api = (path: string): any =>
    new Proxy(() => undefined, {
      get: (_t, name: string) => api(`${path}.${name}`),
      apply: async (_t, _this, args: unknown[]) => {
        calls.push(path);
        const answer = answers[path];
        if (!answer) throw new Error(`unexpected call ${path}`);
        return answer(...args);
      },
    });
  const areas = ['folders', 'tenant', 'users', 'releases', 'packages', 'jobs', 'queues', 'robots', 'assets'] as const;
  // The Proxy answers any path, so it stands for the whole client wherever one is taken.
  const client = Object.fromEntries(areas.map((area) => [area, api(area)])) as unknown as OrchestratorClient;
  return { calls, client };
}
