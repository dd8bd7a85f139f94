import type { Services } from '../services';
import type { Tool } from './toolDefinition';
import { ToolName } from './toolNames';

/**
 * Every tool, by name, and where its code is: each loads the first time it is called (or prepared), so activation
 * parses none of them. A Record, so a tool name without code is a type error.
 */
export const toolLoaders: Record<ToolName, () => Promise<Tool<Services>>> = {
  [ToolName.findFolders]: async () => (await import('./tools/findFolders')).findFolders,
  [ToolName.listJobs]: async () => (await import('./tools/listJobs')).listJobs,
  [ToolName.jobDetails]: async () => (await import('./tools/jobDetails')).jobDetails,
  [ToolName.failures]: async () => (await import('./tools/failures')).failures,
  [ToolName.startJob]: async () => (await import('./tools/startJob')).startJob,
  [ToolName.stopJob]: async () => (await import('./tools/stopJob')).stopJob,
  [ToolName.robots]: async () => (await import('./tools/robots')).robots,
  [ToolName.assets]: async () => (await import('./tools/assets')).assets,
  [ToolName.findIdeas]: async () => (await import('./tools/findIdeas')).findIdeas,
  [ToolName.ideaDetails]: async () => (await import('./tools/ideaDetails')).ideaDetails,
  [ToolName.submitIdea]: async () => (await import('./tools/submitIdea')).submitIdea,
  [ToolName.queueSummary]: async () => (await import('./tools/queueSummary')).queueSummary,
  [ToolName.queueItems]: async () => (await import('./tools/queueItems')).queueItems,
  [ToolName.addQueueItem]: async () => (await import('./tools/addQueueItem')).addQueueItem,
  [ToolName.retryQueueItems]: async () => (await import('./tools/retryQueueItems')).retryQueueItems,
};
