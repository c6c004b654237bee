import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Document } from '../../../../contract/documents';
import { useDeleteDocument } from '../api';
import { AddDocumentForm } from './add-document-form';
import { DeleteDocumentDialog } from '../../../widgets/delete-document-dialog';
import { DocumentCard } from './document-card';
import { DocumentTable } from './document-table';

/** 'Overige documenten': the non-mandatory documents and the form to add one. */
export function GeneralDocuments({
  caseId,
  documents,
  onSaved,
  canReplace = true,
  canDelete = true,
}: {
  caseId: string;
  documents: Document[];
  onSaved: (message: string) => void;
  canReplace?: boolean;
  canDelete?: boolean;
}) {
  const { t } = useTranslation();
  const remove = useDeleteDocument(caseId);
  const [deleting, setDeleting] = useState<Document | null>(null);
  // A deleted document takes its buttons with it: the focus goes to the section's heading.
  const heading = useRef<HTMLHeadingElement>(null);
  const focusHeading = () => heading.current;
  // A rejected document shows its reason and takes a new version, exactly like a mandatory one.
  const rejected = documents.filter((d) => d.status === 'Rejected');
  const others = documents.filter((d) => d.status !== 'Rejected');
  return (
    <section aria-labelledby="general-documents-heading" className="flex flex-col gap-4">
      <h2 id="general-documents-heading" ref={heading} tabIndex={-1} className="text-xl font-semibold text-slate-900">
        {t('documents.general.title')}
      </h2>
      {rejected.length > 0 && (
        <div className="grid gap-4 md:grid-cols-2">
          {rejected.map((d) => (
            <DocumentCard
              key={d.id}
              caseId={caseId}
              document={d}
              onSaved={onSaved}
              focusAfterDelete={focusHeading}
              canReplace={canReplace}
              canDelete={canDelete}
            />
          ))}
        </div>
      )}
      {documents.length === 0 ? (
        <p className="text-slate-700">{t('documents.general.empty')}</p>
      ) : (
        others.length > 0 && <DocumentTable documents={others} onDelete={setDeleting} canDelete={canDelete} />
      )}
      <AddDocumentForm caseId={caseId} onSaved={onSaved} />
      <DeleteDocumentDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        focusAfterDelete={focusHeading}
        onConfirm={async () => {
          if (!deleting) return;
          await remove.mutateAsync(deleting.id);
          onSaved(t('documents.delete.done'));
        }}
      />
    </section>
  );
}
