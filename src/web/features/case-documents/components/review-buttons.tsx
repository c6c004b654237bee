import { Check, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Document } from '../../../../contract/documents';
import { getErrorText } from '../../../lib/error-text';
import { Button } from '../../../ui/button';
import { FormError } from '../../../ui/field';
import { reviewDocument } from '../api';
import { RejectDialog } from './reject-dialog';

/**
 * 'Goedkeuren' and 'Afkeuren' (with the 'Document afkeuren' dialog) for a document awaiting
 * review; used on the document card and inside the full-screen preview. Nothing when the
 * document is not awaiting review, or is the client's signed copy of the engagement letter
 * ('Getekend': nothing to review); a locked document (the engagement letter) is approved only.
 */
export function ReviewButtons({ document, onChanged }: { document: Document; onChanged: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const [rejecting, setRejecting] = useState(false);
  const [error, setError] = useState<string | undefined>();
  if (document.status !== 'Uploaded' || document.signed) return null;
  const of = { title: document.title };
  const approve = async () => {
    setError(undefined);
    try {
      await reviewDocument(document.id, { status: 'Approved' });
    } catch (e) {
      setError(getErrorText(e, t));
    } finally {
      await onChanged();
    }
  };
  return (
    <>
      <Button aria-label={t('caseDocuments.actions.approveOf', of)} onClick={approve}>
        <Check className="size-4" aria-hidden="true" />
        {t('caseDocuments.actions.approve')}
      </Button>
      {!document.locked && (
        <Button
          variant="secondary"
          aria-label={t('caseDocuments.actions.rejectOf', of)}
          onClick={() => setRejecting(true)}
        >
          <X className="size-4" aria-hidden="true" />
          {t('caseDocuments.actions.reject')}
        </Button>
      )}
      <FormError message={error} />
      <RejectDialog
        open={rejecting}
        onOpenChange={setRejecting}
        onConfirm={async (message) => {
          try {
            await reviewDocument(document.id, { status: 'Rejected', message });
          } finally {
            await onChanged();
          }
        }}
      />
    </>
  );
}
