import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getErrorText } from '../../../lib/error-text';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { FormError } from '../../../ui/field';

/** 'Document afkeuren': an optional reason that reaches the client; 'Verstuur' or 'Annuleren'. */
export function RejectDialog({
  open,
  onOpenChange,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: (message: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | undefined>();
  const close = (next: boolean) => {
    if (!next) {
      setMessage('');
      setError(undefined);
    }
    onOpenChange(next);
  };
  const send = async () => {
    setError(undefined);
    try {
      await onConfirm(message.trim());
      close(false);
    } catch (e) {
      setError(getErrorText(e, t));
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={t('caseDocuments.reject.title')}
      actions={
        <>
          <Button variant="secondary" onClick={() => close(false)}>
            {t('caseDocuments.reject.cancel')}
          </Button>
          <Button onClick={send}>{t('caseDocuments.reject.send')}</Button>
        </>
      }
    >
      <label htmlFor={id} className="font-medium text-slate-900">
        {t('caseDocuments.reject.label')}
      </label>
      <textarea
        id={id}
        rows={4}
        maxLength={2000}
        value={message}
        placeholder={t('caseDocuments.reject.placeholder')}
        onChange={(e) => setMessage(e.target.value)}
        className={
          'w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 ' + 'placeholder:text-slate-500'
        }
      />
      <FormError message={error} />
    </Dialog>
  );
}
