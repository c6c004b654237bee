import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { RefundRequestSchema, type Invoice } from '../../../../contract/invoices';
import { formatEuroInput } from '../../../../contract/rules/settlement-format';
import { euroField } from '../euro-field';
import { useSchemaForm } from '../../../lib/schema-form';
import { Button } from '../../../ui/button';
import { FormError, TextField } from '../../../ui/field';
import { useRefundInvoice } from '../api';
import { formatEuro } from '../invoice-text';

const RefundFieldsSchema = z.object({
  amount_cents: euroField(RefundRequestSchema.shape.amount_cents),
});
type RefundFields = { amount_cents: string };

/**
 * After a withdrawal in which the client asked the firm to start at once: the part of what was paid
 * through Mollie that goes back (at most what was paid and not yet refunded), as the lawyer enters it.
 */
export function RefundForm({
  caseId,
  invoice,
  onRefunded,
}: {
  caseId: string;
  invoice: Invoice;
  onRefunded: (message: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const refund = useRefundInvoice(caseId);
  const left = invoice.total_cents - invoice.refunded_cents;
  const form = useSchemaForm<typeof RefundFieldsSchema, RefundFields>(RefundFieldsSchema, {
    defaultValues: { amount_cents: formatEuroInput(left) },
  });
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      await refund.mutateAsync({ id: invoice.id, body });
      onRefunded(t('invoices.refund.done', { amount: formatEuro(body.amount_cents) }));
    } catch (error) {
      form.serverErrors(error);
    }
  });
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={`${id}-heading`}
      className="flex flex-col gap-3 rounded-lg border-2 border-amber-400 bg-amber-50 p-4"
    >
      <h4 id={`${id}-heading`} className="font-semibold text-slate-900">
        {t('invoices.refund.heading')}
      </h4>
      <p className="text-slate-900">{t('invoices.refund.intro', { amount: formatEuro(left) })}</p>
      <TextField
        label={t('invoices.refund.amount')}
        inputMode="decimal"
        required
        error={form.fieldError('amount_cents')}
        {...form.register('amount_cents')}
      />
      <FormError message={form.formError} />
      <Button type="submit" className="w-full sm:w-fit" busy={form.formState.isSubmitting}>
        {t('invoices.refund.submit')}
      </Button>
    </form>
  );
}
