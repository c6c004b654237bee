import { CheckCircle2, Hourglass } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isPayable, type Invoice } from '../../../contract/invoices';
import { useSession } from '../../lib/app-session';
import { getErrorText } from '../../lib/error-text';
import { Button } from '../../ui/button';
import { DownloadButton } from '../../ui/download-button';
import { PageHeading } from '../../ui/page-heading';
import { Spinner } from '../../ui/spinner';
import { invoiceFileName, invoiceLetterPath, invoicePdfPath, useCaseInvoices, usePayInvoice } from './api';
import { checkout } from './checkout';
import { InvoiceFacts } from './components/invoice-facts';
import { InvoiceCard } from './components/invoice-card';
import { formatEuro } from './invoice-text';

/** How often the page asks whether the payment came in, and for how long, after the checkout. */
export const PAYMENT_POLL_MS = 2_000;
export const PAYMENT_WAIT_MS = 60_000;

/**
 * The client's 'Facturen' (/facturen): every issued invoice of the case, newest first, with its
 * number, dates, amount and status, the PDF, 'Betalen met iDEAL | Wero' for an open one (or the
 * bank transfer details when the firm takes no online payments) and the fourteen-day letter when
 * there is one. /facturen/{id} is where the checkout sends the client back: it shows that invoice's
 * result, asking every two seconds (the live `case_changed` may be quicker) until the payment is in.
 */
export function ClientInvoicesPage() {
  const { t } = useTranslation();
  const { invoiceId } = useParams();
  const caseId = useSession((state) => state.user?.case?.id ?? null);
  // Back from the checkout: asked again every two seconds until the payment is in, for a minute at most.
  const [gaveUpOn, setGaveUpOn] = useState<string | null>(null);
  const polling = Boolean(invoiceId) && gaveUpOn !== invoiceId;
  const invoices = useCaseInvoices(caseId, {
    poll: (answer) => {
      const invoice = answer?.data.find((candidate) => candidate.id === invoiceId);
      return polling && (!invoice || isPayable(invoice.status)) ? PAYMENT_POLL_MS : false;
    },
  });
  const returned = invoiceId ? invoices.data?.data.find((invoice) => invoice.id === invoiceId) : undefined;
  useEffect(() => {
    if (!invoiceId) return;
    const timer = setTimeout(() => setGaveUpOn(invoiceId), PAYMENT_WAIT_MS);
    return () => clearTimeout(timer);
  }, [invoiceId]);

  const heading = <PageHeading>{t('invoices.title.page')}</PageHeading>;
  if (!caseId || invoices.isPending || invoices.isError) {
    return (
      <section className="flex flex-col gap-4">
        {heading}
        {invoices.isError ? (
          <p role="alert" className="text-red-800">
            {getErrorText(invoices.error, t)}
          </p>
        ) : caseId ? (
          <p role="status" className="flex items-center gap-2 text-slate-800">
            <Spinner />
            {t('invoices.loading')}
          </p>
        ) : (
          <p className="text-slate-800">{t('invoices.client.empty')}</p>
        )}
      </section>
    );
  }
  // A draft is the firm's work in progress: the client never sees one.
  const list = invoices.data.data.filter((invoice) => invoice.status !== 'draft');
  return (
    <section className="flex flex-col gap-6">
      {heading}
      <p className="text-slate-800">{t('invoices.client.intro')}</p>
      {returned && <PaymentResult invoice={returned} waiting={polling} />}
      {list.length === 0 ? (
        <p className="text-slate-800">{t('invoices.client.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-4">
          {list.map((invoice) => (
            <li key={invoice.id}>
              <ClientInvoiceCard invoice={invoice} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Back from the checkout: paid, still on its way (a kind word while it is), or not received. */
function PaymentResult({ invoice, waiting }: { invoice: Invoice; waiting: boolean }) {
  const { t } = useTranslation();
  const number = invoice.number ?? '';
  const box = 'flex items-start gap-3 rounded-xl border-2 p-4 text-slate-900 sm:p-5';
  if (invoice.status === 'paid')
    return (
      <p role="status" className={`${box} border-green-600 bg-green-50`}>
        <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-green-800" aria-hidden="true" />
        {t('invoices.payment.paid', { number })}
      </p>
    );
  if (!isPayable(invoice.status)) return null;
  return (
    <p role="status" className={`${box} border-amber-400 bg-amber-50`}>
      {waiting ? <Spinner /> : <Hourglass className="mt-0.5 size-5 shrink-0" aria-hidden="true" />}
      {t(waiting ? 'invoices.payment.pending' : 'invoices.payment.notReceived', { number })}
    </p>
  );
}

/** One invoice as the client sees it. */
function ClientInvoiceCard({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  const titleId = `invoice-${invoice.id}`;
  const payable = isPayable(invoice.status);
  const toEmployer = invoice.recipient === 'employer';
  return (
    <InvoiceCard invoice={invoice} heading="h2">
      <InvoiceFacts invoice={invoice} />
      {toEmployer && <p className="text-slate-800">{t('invoices.client.toEmployer')}</p>}
      {invoice.status === 'overdue' && !toEmployer && (
        <p className="font-medium text-red-900">{t('invoices.client.overdue')}</p>
      )}
      {payable && !toEmployer && invoice.can_pay && <PayButton invoice={invoice} />}
      {payable && !toEmployer && !invoice.can_pay && invoice.bank_transfer && (
        <section
          aria-labelledby={`${titleId}-transfer`}
          className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-slate-50 p-4"
        >
          <h3 id={`${titleId}-transfer`} className="font-semibold text-slate-900">
            {t('invoices.transfer.heading')}
          </h3>
          <dl className="grid gap-x-4 gap-y-1 text-slate-900 sm:grid-cols-[auto_1fr]">
            <dt className="font-medium">{t('invoices.transfer.amount')}</dt>
            <dd>{formatEuro(invoice.bank_transfer.amount_cents)}</dd>
            <dt className="font-medium">{t('invoices.transfer.iban')}</dt>
            <dd className="break-all">{invoice.bank_transfer.iban}</dd>
            <dt className="font-medium">{t('invoices.transfer.accountName')}</dt>
            <dd>{invoice.bank_transfer.account_name}</dd>
            <dt className="font-medium">{t('invoices.transfer.reference')}</dt>
            <dd>{invoice.bank_transfer.reference}</dd>
          </dl>
        </section>
      )}
      {invoice.letter_available && <p className="text-slate-800">{t('invoices.client.letter')}</p>}
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <DownloadButton
          path={invoicePdfPath(invoice.id)}
          filename={invoiceFileName(invoice, 'pdf')}
          failedMessage={t('invoices.downloadFailed')}
        >
          {t('invoices.pdf')}
        </DownloadButton>
        {invoice.letter_available && (
          <DownloadButton
            path={invoiceLetterPath(invoice.id)}
            filename={`veertiendagenbrief-${invoice.number ?? ''}.pdf`}
            failedMessage={t('invoices.downloadFailed')}
          >
            {t('invoices.letterPdf')}
          </DownloadButton>
        )}
      </div>
    </InvoiceCard>
  );
}

/** 'Betalen met iDEAL | Wero': the payment is started, then the browser goes to the checkout. */
function PayButton({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  const pay = usePayInvoice();
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="flex flex-col gap-1">
      <Button
        className="w-full sm:w-fit"
        onClick={async () => {
          setError(null);
          try {
            checkout.open(await pay.mutateAsync(invoice.id));
          } catch (failure) {
            setError(getErrorText(failure, t));
          }
        }}
      >
        {t('invoices.pay')}
      </Button>
      {error && (
        <p role="alert" className="text-sm font-medium text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}
