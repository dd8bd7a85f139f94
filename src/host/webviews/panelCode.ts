// The panels' code, one chunk loaded with the first panel shown or restored (panels.ts), not at activation.
export { parseMessage } from '../../shared/protocol/common';
export { ideaFormIdentity } from '../../shared/protocol/ideaForm';
export { queueItemIdentity } from '../../shared/protocol/queueItem';
export { IdeaFormPanel } from './ideaFormPanel';
export { QueueItemPanel } from './queueItemPanel';
export { panelOptions } from './panelHtml';
