// Every id the extension shares with package.json lives here, so a typo is a type error rather than a silent no-op.

export const EXTENSION_ID = 'orchestrator-workbench.orchestrator-workbench';

export const CommandId = {
  showAbout: 'orchestrator.showAbout',
  openInPortal: 'orchestrator.openInPortal',
  addConnection: 'orchestrator.addConnection',
  editConnection: 'orchestrator.editConnection',
  removeConnection: 'orchestrator.removeConnection',
  signIn: 'orchestrator.signIn',
  signOut: 'orchestrator.signOut',
  signInWithAccessToken: 'orchestrator.signInWithAccessToken',
  setIdeaServiceCredentials: 'orchestrator.setIdeaServiceCredentials',
  switchActiveFolder: 'orchestrator.switchActiveFolder',
  refreshServiceDefinition: 'orchestrator.refreshServiceDefinition',
  treeRefresh: 'orchestrator.tree.refresh',
  treeRetry: 'orchestrator.tree.retry',
  treeLoadMore: 'orchestrator.tree.loadMore',
  treeFilter: 'orchestrator.tree.filter',
  treeClearFilter: 'orchestrator.tree.clearFilter',
  treeFilterByState: 'orchestrator.tree.filterByState',
  treeFind: 'orchestrator.tree.find',
  downloadPackage: 'orchestrator.downloadPackage',
  uploadPackage: 'orchestrator.uploadPackage',
  publishWorkspaceProject: 'orchestrator.publishWorkspaceProject',
  activateTenant: 'orchestrator.activateTenant',
  deactivateTenant: 'orchestrator.deactivateTenant',
  updateProcessToLatest: 'orchestrator.updateProcessToLatest',
  rollBackProcess: 'orchestrator.rollBackProcess',
  addQueueItem: 'orchestrator.addQueueItem',
  bulkAddQueueItems: 'orchestrator.bulkAddQueueItems',
  exportQueueItems: 'orchestrator.exportQueueItems',
  createAsset: 'orchestrator.createAsset',
  editAsset: 'orchestrator.editAsset',
  deleteAsset: 'orchestrator.deleteAsset',
  retryQueueItems: 'orchestrator.retryQueueItems',
  deleteQueueItems: 'orchestrator.deleteQueueItems',
  setActiveFolder: 'orchestrator.setActiveFolder',
  hideFolder: 'orchestrator.hideFolder',
  unhideFolder: 'orchestrator.unhideFolder',
  pinFolder: 'orchestrator.pinFolder',
  unpinFolder: 'orchestrator.unpinFolder',
  showHiddenFolders: 'orchestrator.showHiddenFolders',
  stopShowingHiddenFolders: 'orchestrator.stopShowingHiddenFolders',
  copyKey: 'orchestrator.copyKey',
  startJob: 'orchestrator.startJob',
  stopJob: 'orchestrator.stopJob',
  killJob: 'orchestrator.killJob',
  tailLogs: 'orchestrator.tailLogs',
  stopTailing: 'orchestrator.stopTailing',
  showWatchedJobs: 'orchestrator.showWatchedJobs',
  openFromChat: 'orchestrator.openFromChat',
  showJobOutput: 'orchestrator.showJobOutput',
  showJob: 'orchestrator.showJob',
  failuresPeriod: 'orchestrator.failuresPeriod',
  clearJobProblems: 'orchestrator.clearJobProblems',
  editPackageArguments: 'orchestrator.editPackageArguments',
  editProcessInputValues: 'orchestrator.editProcessInputValues',
  showQueueItem: 'orchestrator.showQueueItem',
  submitIdea: 'orchestrator.submitIdea',
  showIdea: 'orchestrator.showIdea',
  changeIdeaStatus: 'orchestrator.changeIdeaStatus',
  addIdeaTags: 'orchestrator.addIdeaTags',
  manageIdeaCollaborators: 'orchestrator.manageIdeaCollaborators',
  attachIdeaDocument: 'orchestrator.attachIdeaDocument',
  applyDocument: 'orchestrator.applyDocument',
  discardDocumentDraft: 'orchestrator.discardDocumentDraft',
  compareDocumentWithService: 'orchestrator.compareDocumentWithService',
} as const;
export type CommandId = (typeof CommandId)[keyof typeof CommandId];

export const ViewId = {
  explorer: 'orchestrator.explorer',
  ideas: 'orchestrator.ideas',
} as const;
export type ViewId = (typeof ViewId)[keyof typeof ViewId];

export const ContextKey = {
  activated: 'orchestrator.activated',
  hasConnections: 'orchestrator.hasConnections',
  signedIn: 'orchestrator.signedIn',
  /** Some connection lets changes be made (not every one is read-only): the palette offers change commands. */
  changesAllowed: 'orchestrator.changesAllowed',
  /** A development or test run, or a sandbox address given: the welcome view and Add Connection offer the sandbox. */
  sandboxAvailable: 'orchestrator.sandboxAvailable',
} as const;
export type ContextKey = (typeof ContextKey)[keyof typeof ContextKey];

// l10n: code — the product's name, and the channel's id in the Output view.
export const OUTPUT_CHANNEL_NAME = 'Orchestrator Workbench';

/** Secret key of a connection's idea-service API token and app key. */
// l10n: code (a secret's storage key)
export const ideaSecretKey = (connectionId: string) => `orchestrator.ideas.${connectionId}`;
