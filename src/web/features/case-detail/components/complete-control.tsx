import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaseLawyerView } from '../../../../contract/cases';
import { getErrorText } from '../../../lib/error-text';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { useUpdateStatus } from '../api';

/**
 * 'Factuur voldaan – dossier afronden' at ready-for-invoicing: a confirm dialog, then completed (starts the deletion
 * clock).
 */
export function CompleteControl({ view }: { view: CaseLawyerView }) {
  const { t } = useTranslation();
  const update = useUpdateStatus(view.id);
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (view.status.slug !== 'ready-for-invoicing') return null;
  const onConfirm = async () => {
    setError(null);
    try {
      await update.mutateAsync('completed');
      setOpen(false);
    } catch (failure) {
      setError(getErrorText(failure, t));
    }
  };
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('caseRoute.complete.button')}</Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t('caseRoute.complete.title')}
        description={t('caseRoute.complete.text')}
        actions={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {t('caseRoute.complete.cancel')}
            </Button>
            <Button onClick={onConfirm}>{t('caseRoute.complete.confirm')}</Button>
          </>
        }
      >
        {error && (
          <p role="alert" className="text-red-800">
            {error}
          </p>
        )}
      </Dialog>
    </>
  );
}
