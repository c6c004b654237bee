import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { DocumentLockReason } from '../../contract/rules/document-lock';

const CLIENT_TEXTS: Record<DocumentLockReason, string> = {
  closed: 'documentLock.closed',
  legal_hold: 'documentLock.legalHold',
};
const LAWYER_TEXTS: Record<DocumentLockReason, string> = {
  closed: 'documentLock.lawyerClosed',
  legal_hold: 'documentLock.lawyerLegalHold',
};

/**
 * Why the documents of a case can no longer be deleted (or replaced): the case is closed or a
 * legal hold is set (contract/rules/document-lock.ts, the rule the server applies too).
 */
export function DocumentLockNotice({
  reason,
  audience,
}: {
  reason: DocumentLockReason | null;
  audience: 'client' | 'lawyer';
}) {
  const { t } = useTranslation();
  if (!reason) return null;
  return (
    <p
      data-testid="document-lock"
      className="flex items-start gap-2 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950"
    >
      <Lock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{t((audience === 'client' ? CLIENT_TEXTS : LAWYER_TEXTS)[reason])}</span>
    </p>
  );
}
