import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DataExportAcceptedResponseSchema } from '../../../../contract/data-export';
import { api } from '../../../lib/api';
import { ApiError } from '../../../lib/api-client';
import { Button } from '../../../ui/button';

/**
 * For a client who asked by mail for a copy of their data: the lawyer starts the same export as
 * 'Download mijn gegevens' (POST /api/cases/{id}/data-export). The link goes to the client by
 * mail; the lawyer only learns that it is being made.
 */
export function ClientDataExportControl({ caseId }: { caseId: string }) {
  const { t } = useTranslation();
  const start = useMutation({
    mutationFn: async () =>
      (await api.post(`/api/cases/${caseId}/data-export`, {}, DataExportAcceptedResponseSchema)).data,
  });
  const refusedToday = start.error instanceof ApiError && start.error.status === 429;
  return (
    <div className="flex flex-col gap-2 border-t border-slate-200 pt-3">
      <p className="text-sm text-slate-700">{t('dataExport.staff.intro')}</p>
      {start.isSuccess ? (
        <p role="status" className="text-slate-900">
          {t('dataExport.staff.done')}
        </p>
      ) : (
        <div>
          <Button variant="secondary" busy={start.isPending} disabled={start.isPending} onClick={() => start.mutate()}>
            {t('dataExport.staff.button')}
          </Button>
        </div>
      )}
      {start.isError && (
        <p role="alert" className="text-red-700">
          {t(refusedToday ? 'dataExport.staff.oncePerDay' : 'dataExport.staff.error')}
        </p>
      )}
    </div>
  );
}
