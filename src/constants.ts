// Every id the extension shares with package.json lives here, so a typo is a type error rather than a silent no-op.

export const EXTENSION_ID = 'orchestrator-workbench.orchestrator-workbench';

export const CommandId = {
  showAbout: 'orchestrator.showAbout',
} as const;
export type CommandId = (typeof CommandId)[keyof typeof CommandId];

export const ViewId = {
  explorer: 'orchestrator.explorer',
  ideas: 'orchestrator.ideas',
} as const;
export type ViewId = (typeof ViewId)[keyof typeof ViewId];

export const ContextKey = {
  activated: 'orchestrator.activated',
} as const;
export type ContextKey = (typeof ContextKey)[keyof typeof ContextKey];

export const OUTPUT_CHANNEL_NAME = 'Orchestrator Workbench';
