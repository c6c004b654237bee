import { AlertTriangle, FilePlus2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { canCredit, isEditable, type Invoice, type InvoiceProposal } from '../../../contract/invoices';
import { getStatus } from '../../../contract/statuses';
import { useCaseDetail } from '../../lib/case-detail-query';
import { getErrorText } from '../../lib/error-text';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { DownloadButton } from '../../ui/download-button';
import { Spinner } from '../../ui/spinner';
import { SuccessMessage, useSuccessMessage } from '../../ui/success-message';
import {
  invoiceFileName,
  invoicePdfPath,
  invoiceUblPath,
  useCaseInvoices,
  useCreateInvoice,
  useCreditInvoice,
  useInvoiceProposals,
  useIssueInvoice,
  useUpdateInvoice,
} from './api';
import { InvoiceEditor, emptyLine, lineToFields, type InvoiceFields } from './components/invoice-editor';
import { InvoiceFacts } from './components/invoice-facts';
import { InvoiceLines } from './components/invoice-lines';
import { InvoiceCard } from './components/invoice-card';
import { RefundForm } from './components/refund-form';
import { formatEuro } from './invoice-text';

const PROPOSAL_ORDER = getStatus('proposal').order;

/**
 * Tab 'Facturen' of case detail (/dossiers/{id}/facturen): the proposed drafts ('Concept maken'),
 * a draft of one's own, each draft's lines and the totals the portal computed, 'Bewerken' and
 * 'Factuur uitreiken' (after a confirm); issued invoices with the PDF, the UBL file of an employer
 * invoice, 'Crediteren' and the refund after a withdrawal.
 */
export function InvoicesTabPage() {
  const { t } = useTranslation();
  const { caseId = '' } = useParams();
  const invoices = useCaseInvoices(caseId);
  const detail = useCaseDetail(caseId);
  // A withdrawal takes the case back before 'Opdracht verstuurd': what was paid may then go back.
  const withdrawn = (detail.data?.status.order ?? Number.POSITIVE_INFINITY) < PROPOSAL_ORDER;
  const canCreate = invoices.data?.meta.can_create ?? false;
  const proposals = useInvoiceProposals(caseId, canCreate);
  const create = useCreateInvoice(caseId);
  const [creating, setCreating] = useState<InvoiceFields | null>(null);
  const saved = useSuccessMessage();
  const heading = (
    <h2 id="invoices-heading" className="text-xl font-semibold text-slate-900">
      {t('invoices.tab.heading')}
    </h2>
  );
  if (invoices.isPending || invoices.isError) {
    return (
      <section aria-labelledby="invoices-heading" className="flex flex-col gap-4">
        {heading}
        {invoices.isPending ? (
          <p role="status" className="flex items-center gap-2 text-slate-800">
            <Spinner />
            {t('invoices.loading')}
          </p>
        ) : (
          <p role="alert" className="text-red-800">
            {getErrorText(invoices.error, t)}
          </p>
        )}
      </section>
    );
  }
  const list = invoices.data.data;
  const numberOf = (id: string | null) => list.find((invoice) => invoice.id === id)?.number ?? '';
  return (
    <section aria-labelledby="invoices-heading" className="flex flex-col gap-6">
      {heading}
      <SuccessMessage message={saved.message} />
      {invoices.data.meta.tasks.map((task) => (
        <p
          key={task}
          className={
            'flex items-center gap-2 rounded-lg border border-amber-400 bg-amber-50 px-4 py-3 ' +
            'font-semibold text-slate-900'
          }
        >
          <AlertTriangle className="size-5 shrink-0" aria-hidden="true" />
          {t(`invoices.tasks.${task}`)}
        </p>
      ))}
      {canCreate && !creating && (
        <section
          aria-labelledby="invoices-prepare"
          className="flex flex-col gap-3 rounded-xl border border-slate-300 bg-white p-4 sm:p-5"
        >
          <h3 id="invoices-prepare" className="text-lg font-semibold text-slate-900">
            {t('invoices.tab.prepare')}
          </h3>
          {proposals.data && proposals.data.length > 0 && (
            <>
              <p className="text-slate-800">{t('invoices.tab.proposalsIntro')}</p>
              <ul className="flex flex-col gap-3">
                {proposals.data.map((proposal) => (
                  <li
                    key={proposal.recipient}
                    className={
                      'flex flex-col gap-2 rounded-lg border border-slate-200 p-3 ' +
                      'sm:flex-row sm:items-center sm:justify-between'
                    }
                  >
                    <ProposalSummary proposal={proposal} />
                    <Button
                      variant="secondary"
                      className="w-full sm:w-fit"
                      onClick={() =>
                        setCreating({ recipient: proposal.recipient, lines: proposal.lines.map(lineToFields) })
                      }
                    >
                      {t('invoices.tab.useProposal', { recipient: t(`invoices.recipient.${proposal.recipient}`) })}
                    </Button>
                  </li>
                ))}
              </ul>
            </>
          )}
          <Button
            className="w-full sm:w-fit"
            onClick={() => setCreating({ recipient: 'client', lines: [emptyLine()] })}
          >
            <FilePlus2 className="size-5" aria-hidden="true" />
            {t('invoices.tab.newDraft')}
          </Button>
        </section>
      )}
      {creating && (
        <InvoiceEditor
          heading={t('invoices.editor.newHeading')}
          initial={creating}
          onCancel={() => setCreating(null)}
          onSave={async (request) => {
            await create.mutateAsync(request);
            setCreating(null);
            saved.show(t('invoices.tab.draftSaved'));
          }}
        />
      )}
      {list.length === 0 ? (
        <p className="text-slate-800">{t('invoices.tab.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-4">
          {list.map((invoice) => (
            <li key={invoice.id}>
              <LawyerInvoiceCard
                caseId={caseId}
                invoice={invoice}
                creditsNumber={numberOf(invoice.credits)}
                withdrawn={withdrawn}
                onSaved={saved.show}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A proposal in one line: to whom and for how much, excluding VAT. */
function ProposalSummary({ proposal }: { proposal: InvoiceProposal }) {
  const { t } = useTranslation();
  const total = proposal.lines.reduce((sum, line) => sum + line.quantity * line.unit_price_cents, 0);
  return (
    <p className="text-slate-900">
      {t('invoices.tab.proposal', {
        recipient: t(`invoices.recipient.${proposal.recipient}`),
        lines: proposal.lines.map((line) => line.description).join(', '),
        amount: formatEuro(total),
      })}
    </p>
  );
}

/** One invoice as the lawyer sees it, with what may be done with it now. */
function LawyerInvoiceCard({
  caseId,
  invoice,
  creditsNumber,
  withdrawn,
  onSaved,
}: {
  caseId: string;
  invoice: Invoice;
  creditsNumber: string;
  withdrawn: boolean;
  onSaved: (message: string) => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateInvoice(caseId);
  const [editing, setEditing] = useState(false);
  const titleId = `invoice-${invoice.id}`;
  const draft = isEditable(invoice.status);
  if (editing)
    return (
      <InvoiceEditor
        heading={t('invoices.editor.editHeading')}
        initial={{
          recipient: invoice.recipient,
          lines: invoice.lines.map(lineToFields),
          employer_vat_id: invoice.recipient_details.vat_id ?? '',
          employer_kvk: invoice.recipient_details.kvk ?? '',
        }}
        onCancel={() => setEditing(false)}
        onSave={async (body) => {
          await update.mutateAsync({ id: invoice.id, body });
          setEditing(false);
          onSaved(t('invoices.tab.draftSaved'));
        }}
      />
    );
  return (
    <InvoiceCard invoice={invoice} heading="h3">
      <p className="text-slate-800">
        {t('invoices.tab.to', {
          recipient: t(`invoices.recipient.${invoice.recipient}`),
          name: invoice.recipient_details.name,
        })}
      </p>
      {invoice.credits && <p className="text-slate-800">{t('invoices.tab.credits', { number: creditsNumber })}</p>}
      {!draft && <InvoiceFacts invoice={invoice} />}
      <InvoiceLines invoice={invoice} labelledBy={titleId} />
      {invoice.refunded_cents > 0 && (
        <p className="text-slate-800">{t('invoices.refund.done', { amount: formatEuro(invoice.refunded_cents) })}</p>
      )}
      {draft ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          <Button variant="secondary" className="w-full sm:w-fit" onClick={() => setEditing(true)}>
            {t('invoices.tab.edit')}
          </Button>
          <DownloadButton
            path={invoicePdfPath(invoice.id)}
            filename={invoiceFileName(invoice, 'pdf')}
            failedMessage={t('invoices.downloadFailed')}
          >
            {t('invoices.draftPdf')}
          </DownloadButton>
          <IssueButton caseId={caseId} invoice={invoice} onIssued={onSaved} />
        </div>
      ) : (
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          <DownloadButton
            path={invoicePdfPath(invoice.id)}
            filename={invoiceFileName(invoice, 'pdf')}
            failedMessage={t('invoices.downloadFailed')}
          >
            {t('invoices.pdf')}
          </DownloadButton>
          {invoice.has_ubl && (
            <DownloadButton
              path={invoiceUblPath(invoice.id)}
              filename={invoiceFileName(invoice, 'xml')}
              failedMessage={t('invoices.downloadFailed')}
            >
              {t('invoices.ubl')}
            </DownloadButton>
          )}
          {canCredit(invoice) && <CreditButton caseId={caseId} invoice={invoice} onCredited={onSaved} />}
        </div>
      )}
      {withdrawn &&
        invoice.status === 'paid' &&
        invoice.recipient === 'client' &&
        invoice.refunded_cents < invoice.total_cents && (
          <RefundForm caseId={caseId} invoice={invoice} onRefunded={onSaved} />
        )}
    </InvoiceCard>
  );
}

/** A button that asks first, in a dialog, and then does it; a refusal shows in the dialog. */
function ConfirmButton({
  label,
  title,
  text,
  confirm,
  variant,
  onConfirm,
}: {
  label: string;
  title: string;
  text: string;
  confirm: string;
  variant: 'primary' | 'secondary';
  onConfirm: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <Button
        variant={variant}
        className="w-full sm:w-fit"
        onClick={() => {
          setError(null);
          setOpen(true);
        }}
      >
        {label}
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={title}
        description={text}
        actions={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {t('invoices.tab.cancel')}
            </Button>
            <Button
              onClick={async () => {
                setError(null);
                try {
                  await onConfirm();
                  setOpen(false);
                } catch (failure) {
                  setError(getErrorText(failure, t));
                }
              }}
            >
              {confirm}
            </Button>
          </>
        }
      >
        {error && (
          <p role="alert" className="text-sm font-medium text-red-800">
            {error}
          </p>
        )}
      </Dialog>
    </>
  );
}

/** 'Factuur uitreiken': the number and the dates; it never changes after. */
function IssueButton({
  caseId,
  invoice,
  onIssued,
}: {
  caseId: string;
  invoice: Invoice;
  onIssued: (message: string) => void;
}) {
  const { t } = useTranslation();
  const issue = useIssueInvoice(caseId);
  return (
    <ConfirmButton
      variant="primary"
      label={t('invoices.issue.button')}
      title={t('invoices.issue.title')}
      text={t('invoices.issue.text', { amount: formatEuro(invoice.total_cents) })}
      confirm={t('invoices.issue.confirm')}
      onConfirm={async () => {
        const issued = await issue.mutateAsync(invoice.id);
        onIssued(t('invoices.issue.done', { number: issued.number ?? '' }));
      }}
    />
  );
}

/** 'Crediteren': a credit note with its own number cancels the invoice. */
function CreditButton({
  caseId,
  invoice,
  onCredited,
}: {
  caseId: string;
  invoice: Invoice;
  onCredited: (message: string) => void;
}) {
  const { t } = useTranslation();
  const credit = useCreditInvoice(caseId);
  const number = invoice.number ?? '';
  return (
    <ConfirmButton
      variant="secondary"
      label={t('invoices.credit.button')}
      title={t('invoices.credit.title', { number })}
      text={t('invoices.credit.text', { number })}
      confirm={t('invoices.credit.confirm')}
      onConfirm={async () => {
        const note = await credit.mutateAsync(invoice.id);
        onCredited(t('invoices.credit.done', { number: note.number ?? '', original: number }));
      }}
    />
  );
}
