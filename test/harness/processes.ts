import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

/**
 * Every long-lived process a test or `npm start` starts goes through here: each runs in its own process group so
 * that stopping it also stops what it spawned (code-server forks an extension host, Chromium its renderers).
 * Groups are stopped on normal exit, on Ctrl+C / SIGTERM and on an uncaught error, so nothing is left behind.
 */
const running = new Set<ChildProcess>();

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

export function spawnTracked(command: string, args: string[], options: SpawnOptions = {}): ChildProcess {
  const child = spawn(command, args, { ...options, detached: true });
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

export async function stopProcess(child: ChildProcess, graceMs = 5000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  killGroup(child, 'SIGTERM');
  const timer = setTimeout(() => killGroup(child, 'SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((child) => stopProcess(child)));
}

let installed = false;
/** Stops every tracked group when this process ends, however it ends. */
export function installCleanup(onSignal?: () => Promise<void> | void): void {
  if (installed) return;
  installed = true;
  process.on('exit', () => {
    for (const child of running) killGroup(child, 'SIGKILL');
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      void Promise.resolve(onSignal?.())
        .catch(() => undefined)
        .then(stopAll)
        .finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
    });
  }
}
