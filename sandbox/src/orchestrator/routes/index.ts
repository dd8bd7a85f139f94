import type { ODataRoute } from '../context';
import { ACROSS_FOLDER_ROUTES } from './acrossFolders';
import { ASSET_ROUTES } from './assets';
import { AUDIT_LOG_ROUTES } from './auditLogs';
import { FOLDER_ROUTES } from './folders';
import { JOB_ROUTES } from './jobs';
import { JOB_RUN_ROUTES } from './jobRuns';
import { PACKAGE_ROUTES } from './packages';
import { QUEUE_ROUTES } from './queues';
import { QUEUE_TRANSACTION_ROUTES } from './queueTransactions';
import { RELEASE_ROUTES } from './releases';
import { ROBOT_ASSET_ROUTES } from './robotAssets';
import { ROBOT_ROUTES } from './robots';
import { TENANT_ROUTES } from './tenant';
import { TENANT_EVENT_ROUTES } from './tenantEvents';
import { USER_ROUTES } from './users';

/** Every OData route of the orchestration service, by resource group. */
export const ORCHESTRATOR_ROUTES: readonly ODataRoute[] = [
  ...PACKAGE_ROUTES,
  ...RELEASE_ROUTES,
  ...JOB_ROUTES,
  ...JOB_RUN_ROUTES,
  ...ROBOT_ROUTES,
  ...QUEUE_TRANSACTION_ROUTES,
  ...QUEUE_ROUTES,
  ...ASSET_ROUTES,
  ...ROBOT_ASSET_ROUTES,
  ...ACROSS_FOLDER_ROUTES,
  ...FOLDER_ROUTES,
  ...USER_ROUTES,
  ...TENANT_ROUTES,
  ...TENANT_EVENT_ROUTES,
  ...AUDIT_LOG_ROUTES,
];
