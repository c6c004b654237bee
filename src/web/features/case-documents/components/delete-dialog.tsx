import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getErrorText } from '../../../lib/error-text';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { FormError } from '../../../ui/field';

/** 'Document verwijderen' / 'Weet je zeker dat je dit document wilt verwijderen?' with 'Verwijderen' and 'Annuleren'. */
export function DeleteDialog({ open, onOpenChange, onConfirm }: { open: boolean; onOpenChange: (open: boolean) => void; onConfirm: () => Promise<void> }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | undefined>();
  const confirm = async () => {
    setError(undefined);
    try {
      await onConfirm();
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
      title={t('caseDocuments.delete.title')}
      description={t('caseDocuments.delete.text')}
      actions={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('caseDocuments.delete.cancel')}
          </Button>
          <Button className="bg-red-700 hover:bg-red-800" onClick={confirm}>
            {t('caseDocuments.delete.confirm')}
          </Button>
        </>
      }
    >
      <FormError message={error} />
    </Dialog>
  );
}
