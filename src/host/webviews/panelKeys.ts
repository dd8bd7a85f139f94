import type { IdeaFormIdentity } from '../../shared/protocol/ideaForm';
import type { JobPanelIdentity } from '../../shared/protocol/jobPanel';
import type { QueueItemIdentity } from '../../shared/protocol/queueItem';

// What activation needs to know of the panels (their view types, how one is found again), apart from their code,
// which loads with the first panel shown or restored.

export const QUEUE_ITEM_VIEW_TYPE = 'orchestrator.queueItem';
export const IDEA_FORM_VIEW_TYPE = 'orchestrator.ideaForm';
export const JOB_VIEW_TYPE = 'orchestrator.job';

export const queueItemKey = (identity: QueueItemIdentity) =>
  `${identity.connectionId}/${identity.folderId}/${identity.itemId}`;

export const draftKey = (identity: IdeaFormIdentity) => `${identity.connectionId}/${identity.automationId ?? 'new'}`;

export const jobKey = (identity: JobPanelIdentity) =>
  `${identity.connectionId}/${identity.folderId}/${identity.jobKey.toLowerCase()}`;
