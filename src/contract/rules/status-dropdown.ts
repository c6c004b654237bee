import type { OfferSlug } from '../offers';
import { STATUSES, type StatusSlug } from '../statuses';

/**
 * The statuses a lawyer may pick in the case's status dropdown: always
 * 'Documenten bestuderen' and 'Klaar voor ondertekening'; offer complete adds only
 * 'Onderhandelingen', offer start only 'Controles', any other offer (or none) both.
 * Listed in status order.
 */
export function getSelectableStatuses(offer: OfferSlug | null | undefined): StatusSlug[] {
  const allowed = new Set<StatusSlug>(['reviewing-documents', 'ready-for-signing']);
  if (offer !== 'start') allowed.add('negotiation-phase');
  if (offer !== 'complete') allowed.add('check');
  return STATUSES.filter((s) => allowed.has(s.slug)).map((s) => s.slug);
}

/** The dropdown is disabled when the current status is not one of the selectable ones. */
export function isStatusDropdownEnabled(offer: OfferSlug | null | undefined, current: StatusSlug): boolean {
  return getSelectableStatuses(offer).includes(current);
}

/** The finish button: 'Dossier weer actief maken' at ready-for-invoicing, disabled at completed. */
export type FinishAction = 'finish' | 'reactivate' | 'none';
export function getFinishAction(current: StatusSlug): FinishAction {
  if (current === 'completed') return 'none';
  return current === 'ready-for-invoicing' ? 'reactivate' : 'finish';
}

export type StatusChangeKind = 'dropdown' | 'finish' | 'reactivate' | 'complete';

/**
 * Which kind of change going from `from` to `to` is, or null when a lawyer may not make it:
 * a dropdown choice (only while the dropdown is enabled), finishing (→ ready-for-invoicing
 * from any status before it), reactivating (ready-for-invoicing → ready-for-signing) or
 * completing an invoiced case (ready-for-invoicing → completed).
 */
export function classifyStatusChange(
  offer: OfferSlug | null | undefined,
  from: StatusSlug,
  to: StatusSlug,
): StatusChangeKind | null {
  if (from === to) return null;
  if (from === 'ready-for-invoicing') {
    if (to === 'ready-for-signing') return 'reactivate';
    if (to === 'completed') return 'complete';
    return null;
  }
  if (from === 'completed') return null;
  if (to === 'ready-for-invoicing') return 'finish';
  if (isStatusDropdownEnabled(offer, from) && getSelectableStatuses(offer).includes(to)) return 'dropdown';
  return null;
}
