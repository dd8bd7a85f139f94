import { DEFAULT_CLIENT_ID, validateClientId, validateScopes } from '../../../core/connections';
import type { PickItem, Step } from '../../ui/multiStep';
import { asksEachField, isCloud, type Draft } from './draft';
import { fieldStep } from './fieldStep';
import { t } from '../../../core/l10n';

/**
 * How a cloud connection signs in: in the browser (the default, nothing is written), or as a confidential application
 * with the client-credentials grant, where the client id is the application's and the scopes are its own. The secret
 * is never asked here: Sign In asks for it and keeps it in secret storage.
 */
export type SignInWay = 'browser' | 'application';

/** Switches the draft's way of signing in; what belonged to the other way does not stay (Back, then the other). */
export function chooseSignIn(d: Draft, way: SignInWay): void {
  const was = d.setting.authentication ?? 'browser';
  if (way === 'application') {
    d.setting.authentication = 'application';
    if (was !== 'application' && d.setting.clientId === DEFAULT_CLIENT_ID) delete d.setting.clientId;
    return;
  }
  delete d.setting.authentication;
  if (was === 'application') {
    delete d.setting.clientId;
    delete d.setting.scopes;
  }
}

export const signsInAsApplication = (d: Draft) => isCloud(d) && d.setting.authentication === 'application';

const BROWSER: PickItem = {
  label: t('$(globe) In the browser'),
  description: t('you sign in as yourself (authorization code + PKCE)'),
  value: 'browser',
};

const APPLICATION: PickItem = {
  label: t('$(key) Application (client credentials)'),
  description: t("an application id and secret issued by your tenant's administrator"),
  value: 'application',
};

/** The pick in the fields one by one (cloud, the local sandbox too). */
export function signInStep(): Step<Draft> {
  return {
    kind: 'pick',
    title: t('Add Connection: how do you sign in?'),
    skip: (d) => !asksEachField(d) || !isCloud(d),
    items: (d) => (d.setting.authentication === 'application' ? [APPLICATION, BROWSER] : [BROWSER, APPLICATION]),
    apply: (d, value) => chooseSignIn(d, value as SignInWay),
  };
}

/** The confirmation's row for a pasted address used as read, but signing in as an application. */
export const useAsApplicationRow: PickItem = {
  label: t('$(key) Use these, sign in as an application'),
  description: t('client credentials: then the application id and scopes'),
  value: 'application',
};

/** What an application needs besides the address, asked on every path once the way was chosen. */
export function applicationSteps(): Step<Draft>[] {
  return [
    fieldStep({
      key: 'clientId',
      title: t('application id'),
      prompt: t(
        "The application id (client id) your tenant's administrator registered. Its secret is asked at Sign In and kept in the editor's secret storage, never in settings.",
      ),
      when: signsInAsApplication,
      everyPath: true,
      validate: validateClientId,
    }),
    fieldStep({
      key: 'scopes',
      title: t('application scopes'),
      prompt: t(
        'The scopes to ask for, separated by spaces (for example OR.Folders.Read OR.Jobs). Leave it empty to get every scope the application was granted.',
      ),
      when: signsInAsApplication,
      everyPath: true,
      validate: validateScopes,
      optional: true,
    }),
  ];
}
