import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Document } from '../../../../contract/documents';
import { useDeleteDocument } from '../api';
import { AddDocumentForm } from './add-document-form';
import { DeleteDocumentDialog } from '../../../ui/delete-document-dialog';
import { DocumentTable } from './document-table';

/** 'Overige documenten': the non-mandatory documents and the form to add one. */
export function GeneralDocuments({ caseId, documents, onSaved }: { caseId: string; documents: Document[]; onSaved: (message: string) => void }) {
  const { t } = useTranslation();
  const remove = useDeleteDocument(caseId);
  const [deleting, setDeleting] = useState<Document | null>(null);
  return (
    <section aria-labelledby="general-documents-heading" className="flex flex-col gap-4">
      <h2 id="general-documents-heading" className="text-xl font-semibold text-slate-900">
        {t('documents.general.title')}
      </h2>
      {documents.length === 0 ? <p className="text-slate-700">{t('documents.general.empty')}</p> : <DocumentTable documents={documents} onDelete={setDeleting} />}
      <AddDocumentForm caseId={caseId} onSaved={onSaved} />
      <DeleteDocumentDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await remove.mutateAsync(deleting.id);
          onSaved(t('documents.delete.done'));
        }}
      />
    </section>
  );
}
