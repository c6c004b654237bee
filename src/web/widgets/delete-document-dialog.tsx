import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getErrorText } from '../lib/error-text';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { FormError } from '../ui/field';

/**
 * 'Document verwijderen' / 'Weet je zeker dat je dit document wilt verwijderen?' with 'Verwijderen' and 'Annuleren'.
 * Cancelled, the focus goes back to the button that opened it; deleted, that button may be gone
 * with its document, so the focus goes to `focusAfterDelete()` (a heading that stays).
 */
export function DeleteDocumentDialog({
  open,
  onOpenChange,
  onConfirm,
  focusAfterDelete,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => Promise<void>;
  focusAfterDelete?: () => HTMLElement | null | undefined;
}) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | undefined>();
  const [deleted, setDeleted] = useState(false);
  const confirm = async () => {
    setError(undefined);
    try {
      await onConfirm();
      setDeleted(true);
      onOpenChange(false);
    } catch (e) {
      setError(getErrorText(e, t));
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setError(undefined);
        onOpenChange(next);
      }}
      focusOnClose={() => {
        if (!deleted) return null;
        setDeleted(false);
        return focusAfterDelete?.();
      }}
      title={t('documents.delete.title')}
      description={t('documents.delete.text')}
      actions={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('documents.delete.cancel')}
          </Button>
          <Button className="bg-red-700 hover:bg-red-800" onClick={confirm}>
            {t('documents.delete.confirm')}
          </Button>
        </>
      }
    >
      <FormError message={error} />
    </Dialog>
  );
}
