// The panels' code, one chunk loaded with the first panel shown or restored (panels.ts), not at activation.
export { parseMessage } from '../../shared/protocol/common';
export { ideaFormIdentity } from '../../shared/protocol/ideaForm';
export { jobPanelIdentity } from '../../shared/protocol/jobPanel';
export { queueItemIdentity } from '../../shared/protocol/queueItem';
export { IdeaFormPanel } from './ideaFormPanel';
export { JobPanel } from './jobPanel';
export { QueueItemPanel } from './queueItemPanel';
export { panelOptions } from './panelHtml';
