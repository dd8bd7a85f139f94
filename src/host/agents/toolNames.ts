/**
 * The tools, by name (`contributes.languageModelTools`, `vscode.lm.registerTool`). Apart from their code, so
 * activation registers every name without loading any tool: a tool's code loads on its first call (toolRegistry.ts).
 */
export const ToolName = {
  findFolders: 'orchestrator_findFolders',
  listJobs: 'orchestrator_listJobs',
  jobDetails: 'orchestrator_jobDetails',
  failures: 'orchestrator_failures',
  startJob: 'orchestrator_startJob',
  stopJob: 'orchestrator_stopJob',
  robots: 'orchestrator_robots',
  assets: 'orchestrator_assets',
  findIdeas: 'orchestrator_findIdeas',
  ideaDetails: 'orchestrator_ideaDetails',
  submitIdea: 'orchestrator_submitIdea',
  queueSummary: 'orchestrator_queueSummary',
  queueItems: 'orchestrator_queueItems',
  addQueueItem: 'orchestrator_addQueueItem',
  retryQueueItems: 'orchestrator_retryQueueItems',
} as const;
export type ToolName = (typeof ToolName)[keyof typeof ToolName];
