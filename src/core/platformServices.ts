import { t } from './l10n';

/**
 * The platform serves several services under one tenant, each below a path segment of its own ending in `_`
 * (`https://<host>/<account>/<tenant>/<segment>/…`). Only ORCHESTRATOR_SEGMENT is the orchestration service; the
 * others are pages a user may copy the address of, which still name the account and the tenant. Their readable
 * names say, in Add Connection's confirmation, which service the pasted address was.
 */
export const ORCHESTRATOR_SEGMENT = 'orchestrator_';

/** The identity provider's segment, at the root (`/identity_`) or below an account. */
export const IDENTITY_SEGMENT = 'identity_';

/** Every known segment of another service, lower case, with its readable name (asked on use: the display language). */
const OTHER_SERVICES: Record<string, () => string> = {
  actions_: () => t('action center'),
  agents_: () => t('agents service'),
  aifabric_: () => t('AI model service'),
  apps_: () => t('apps service'),
  automationsolutions_: () => t('solutions management'),
  dataservice_: () => t('data service'),
  du_: () => t('document understanding service'),
  ideas_: () => t('idea service'),
  [IDENTITY_SEGMENT]: () => t('identity provider'),
  insights_: () => t('insights service'),
  integrationservice_: () => t('integration service'),
  portal_: () => t("platform's portal"),
  processmining_: () => t('process mining service'),
  reinfer_: () => t('communications mining service'),
  resourcecatalog_: () => t('resource catalog'),
  studio_: () => t('web designer'),
  taskmining_: () => t('task mining service'),
  testmanager_: () => t('test manager'),
};

/** The segments of the other services, lower case (tests walk them all). */
export const OTHER_SERVICE_SEGMENTS: readonly string[] = Object.keys(OTHER_SERVICES);

/** The readable name of another service's segment (any case), or undefined for one this list does not know. */
export function otherServiceName(segment: string): string | undefined {
  const name = Object.hasOwn(OTHER_SERVICES, segment.toLowerCase()) ? OTHER_SERVICES[segment.toLowerCase()] : undefined;
  return name?.();
}
