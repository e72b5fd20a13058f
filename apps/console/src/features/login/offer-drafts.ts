import { draftsApi } from '@sello/contracts/catalogue/drafts';
import type { TPermissionMap } from '@sello/contracts/permissions';
import { canAccessPath } from '@sello/contracts/routes';
import { dismissAlertsWithKey, notify } from '../../alerts/alert-store.ts';
import { callEndpoint } from '../../api/http-client.ts';

/**
 * After a sign-in: when a form the user may open holds a draft kept when an earlier session ended, and the
 * sign-in does not land on it (where the form offers it itself), an alert offers to open it.
 */
export async function offerDrafts(
  landing: string,
  permissions: TPermissionMap,
  open: (path: string) => void,
): Promise<void> {
  let drafts: { form: string }[];
  try {
    drafts = await callEndpoint(draftsApi.readDrafts, {}, { background: true });
  } catch {
    return;
  }
  const landingPath = landing.split('?')[0];
  const waiting = drafts.find((draft) => draft.form !== landingPath && canAccessPath(draft.form, permissions));
  if (!waiting) return;
  notify.info('DRAFT_WAITING', {
    sticky: true,
    persistent: true,
    action: {
      key: 'DRAFT_OPEN',
      run: () => {
        dismissAlertsWithKey('DRAFT_WAITING');
        open(waiting.form);
      },
    },
  });
}
