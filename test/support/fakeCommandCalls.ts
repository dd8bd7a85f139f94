// Our commands as other code calls them (src/host/commandCalls.ts), for tests of that code: each call is recorded by
// the command's name with its arguments and does nothing else. Written against CommandCalls itself, so a command
// added there breaks this fake at compile time.
import type { CommandCalls } from '../../src/host/commandCalls';

export function fakeCommandCalls(): { commands: CommandCalls; called: unknown[][] } {
  const called: unknown[][] = [];
  const record =
    (name: keyof CommandCalls) =>
    async (...args: unknown[]) =>
      void called.push([name, ...args]);
  const commands: CommandCalls = {
    addConnection: record('addConnection'),
    signIn: record('signIn'),
    signInWithAccessToken: record('signInWithAccessToken'),
    refreshServiceDefinition: record('refreshServiceDefinition'),
    tailLogs: record('tailLogs'),
    showJobOutput: record('showJobOutput'),
    stopJob: record('stopJob'),
    killJob: record('killJob'),
    startJob: record('startJob'),
    openInPortal: record('openInPortal'),
    showJob: record('showJob'),
  };
  return { commands, called };
}
