import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaseLawyerView } from '../../../../contract/cases';
import type { FinalizationAnswersRequest } from '../../../../contract/questions';
import { getFinishAction } from '../../../../contract/rules/status-dropdown';
import { Button } from '../../../ui/button';
import { cn } from '../../../ui/cn';
import { loadWithReload } from '../../../lib/lazy-module';
import { useSaveFinalizationAnswers, useUpdateStatus } from '../api';

/**
 * The dialog (react-hook-form, the `forms` chunk) loads when it is first opened, so case detail's
 * first load does without that chunk (decision 022); it stays mounted after that.
 */
const FinishDialog = lazy(() =>
  loadWithReload('finish-dialog', () => import('./finish-dialog')).then((m) => ({ default: m.FinishDialog })),
);

/**
 * The finish button in a desktop and a mobile copy sharing one state:
 * 'Dit dossier voltooien' opens the dialog; at ready-for-invoicing 'Dossier weer actief maken'
 * sets ready-for-signing; 'Bezig...' while saving; disabled at completed.
 */
export function FinishControl({ view }: { view: CaseLawyerView }) {
  const { t } = useTranslation();
  const update = useUpdateStatus(view.id);
  const saveAnswers = useSaveFinalizationAnswers(view.id);
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState(false);
  const [mounted, setMounted] = useState(false);
  const action = getFinishAction(view.status.slug);
  const saving = update.isPending || saveAnswers.isPending;

  const onClick = () => {
    if (action === 'reactivate')
      update.mutate('ready-for-signing', { onError: (error) => console.error('Error updating status', error) });
    else if (action === 'finish') {
      setDone(false);
      setMounted(true);
      setOpen(true);
    }
  };
  const onConfirm = async (answers: FinalizationAnswersRequest) => {
    await saveAnswers.mutateAsync(answers);
    await update.mutateAsync('ready-for-invoicing');
    setDone(true);
  };
  const label = saving
    ? t('caseDetail.finish.busy')
    : action === 'reactivate'
      ? t('caseDetail.finish.reactivate')
      : t('caseDetail.finish.open');
  const button = (className: string) => (
    <Button
      variant={action === 'reactivate' ? 'secondary' : 'primary'}
      disabled={action === 'none' || saving}
      onClick={onClick}
      className={className}
    >
      {label}
    </Button>
  );
  return (
    <>
      <div className="hidden sm:block">{button('')}</div>
      <div
        className={cn(
          'fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white p-3 ' +
            'shadow-[0_-2px_8px_rgba(0,0,0,0.08)] sm:hidden',
        )}
      >
        {button('w-full')}
      </div>
      {mounted && (
        <Suspense fallback={null}>
          <FinishDialog caseId={view.id} open={open} done={done} onOpenChange={setOpen} onConfirm={onConfirm} />
        </Suspense>
      )}
    </>
  );
}
