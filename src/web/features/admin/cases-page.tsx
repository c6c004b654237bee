import { useId, useState, type FormEvent } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  AssignCaseRequestSchema,
  LegalHoldRequestSchema,
  StandInRequestSchema,
  type AdminCase,
  type AdminLawyer,
} from '../../../contract/admin';
import { ApiError } from '../../lib/api-client';
import { emptyAsMissing } from '../../lib/form-resolver';
import { useSchemaForm } from '../../lib/schema-form';
import { useFormatDate } from '../../lib/use-format-date';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { FieldError, FormError, RequiredMark, TextField } from '../../ui/field';
import { PageHeading } from '../../ui/page-heading';
import { Pager } from '../../ui/pager';
import { SuccessMessage, useSuccessMessage } from '../../ui/success-message';
import {
  useAddStandIn,
  useAdminCases,
  useAdminDataExport,
  useAdminLawyers,
  useAssignCase,
  useSetLegalHold,
} from './api';
import { useStatusName } from '../../lib/status-name';
import { EmailAddress } from '../../ui/email-address';

type ActionKind = 'assign' | 'standIn' | 'hold' | 'export';
type Action = { caseId: string; kind: ActionKind } | null;

/**
 * /beheer/dossiers: search every case; reassign, add a stand-in, set or lift a legal hold, start
 * the client's data export (for a request that came by mail). Never case content.
 */
export function AdminCasesPage() {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [action, setAction] = useState<Action>(null);
  const cases = useAdminCases(q, page);
  const lawyers = useAdminLawyers();
  const success = useSuccessMessage();

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setQ(input.trim());
    setPage(1);
  };

  return (
    <section className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <PageHeading>{t('admin.cases.heading')}</PageHeading>
      <form role="search" onSubmit={onSearch} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <TextField
          label={t('admin.cases.searchLabel')}
          value={input}
          onChange={(event) => setInput(event.target.value)}
          className="flex-1"
          type="search"
        />
        <Button type="submit">{t('admin.cases.search')}</Button>
      </form>
      <SuccessMessage message={success.message} />
      {!cases.data ? (
        <p role={cases.isError ? 'alert' : 'status'}>{cases.isError ? t('admin.error') : t('admin.loading')}</p>
      ) : cases.data.data.length === 0 ? (
        <p>{t('admin.cases.empty')}</p>
      ) : (
        <ul aria-label={t('admin.cases.heading')} className="flex flex-col gap-3">
          {cases.data.data.map((item) => (
            <CaseItem
              key={item.id}
              item={item}
              lawyers={lawyers.data ?? []}
              action={action?.caseId === item.id ? action.kind : null}
              onAction={(kind) => setAction(kind ? { caseId: item.id, kind } : null)}
              onDone={(message) => {
                setAction(null);
                success.show(message);
              }}
            />
          ))}
        </ul>
      )}
      {cases.data && (page > 1 || cases.data.meta.has_more) && (
        <Pager
          label={t('admin.pageLabel', { page })}
          page={page}
          hasNext={cases.data.meta.has_more}
          onPage={setPage}
          previous={t('admin.previous')}
          next={t('admin.next')}
        />
      )}
    </section>
  );
}

function CaseItem({
  item,
  lawyers,
  action,
  onAction,
  onDone,
}: {
  item: AdminCase;
  lawyers: AdminLawyer[];
  action: ActionKind | null;
  onAction: (kind: ActionKind | null) => void;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation();
  const statusName = useStatusName();
  const formatDate = useFormatDate();
  const headingId = useId();
  const lawyerNames = item.lawyers
    .map((l) => (l.active ? l.full_name : t('admin.cases.inactiveLawyer', { name: l.full_name })))
    .join(', ');
  return (
    <li
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-col gap-1">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {item.client_name}
          {item.company_name ? ` – ${item.company_name}` : ''}
        </h2>
        <p className="text-slate-800">
          <EmailAddress value={item.client_email} />
        </p>
        <p className="text-slate-800">
          {t('admin.cases.columns.status')}: {statusName(item.status)} · {t('admin.cases.columns.lawyers')}:{' '}
          {lawyerNames || t('admin.cases.noLawyer')}
        </p>
        {item.needs_reassignment && <p className="font-semibold text-red-800">{t('admin.cases.needsReassignment')}</p>}
        {item.appointment_planned && <p className="text-slate-800">{t('appointments.admin.planned')}</p>}
        {item.legal_hold && (
          <p className="font-medium text-amber-900">
            {t('admin.cases.legalHold', { reason: item.legal_hold_reason ?? '' })}
          </p>
        )}
        {item.stand_ins.map((s) => (
          <p key={s.id} className="text-slate-800">
            {t('admin.cases.standIn', { name: s.full_name, from: formatDate(s.from), until: formatDate(s.until) })}
          </p>
        ))}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          aria-expanded={action === 'assign'}
          onClick={() => onAction(action === 'assign' ? null : 'assign')}
        >
          {t('admin.cases.assign')}
        </Button>
        <Button
          variant="secondary"
          aria-expanded={action === 'standIn'}
          onClick={() => onAction(action === 'standIn' ? null : 'standIn')}
        >
          {t('admin.cases.addStandIn')}
        </Button>
        <Button
          variant="secondary"
          aria-expanded={action === 'hold'}
          onClick={() => onAction(action === 'hold' ? null : 'hold')}
        >
          {item.legal_hold ? t('admin.cases.clearHold') : t('admin.cases.setHold')}
        </Button>
        <Button
          variant="secondary"
          aria-expanded={action === 'export'}
          onClick={() => onAction(action === 'export' ? null : 'export')}
        >
          {t('dataExport.staff.button')}
        </Button>
      </div>
      {action === 'assign' && (
        <AssignForm item={item} lawyers={lawyers} onCancel={() => onAction(null)} onDone={onDone} />
      )}
      {action === 'standIn' && (
        <StandInForm item={item} lawyers={lawyers} onCancel={() => onAction(null)} onDone={onDone} />
      )}
      {action === 'hold' && <HoldForm item={item} onCancel={() => onAction(null)} onDone={onDone} />}
      {action === 'export' && <DataExportConfirm item={item} onCancel={() => onAction(null)} onDone={onDone} />}
    </li>
  );
}

/** The active lawyers to choose from; registered with the form, its error under it (aria-invalid, aria-describedby). */
function LawyerSelect({
  lawyers,
  error,
  ...select
}: { lawyers: AdminLawyer[]; error: string | undefined } & UseFormRegisterReturn) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1.5">
      <div>
        <label htmlFor={id} className="font-medium text-slate-900">
          {t('admin.cases.lawyerLabel')}
        </label>
        <RequiredMark />
      </div>
      <select
        id={id}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={cn(
          'min-h-11 rounded-lg border bg-white px-3 py-2 text-slate-900',
          error ? 'border-red-700' : 'border-slate-400',
        )}
        {...select}
      >
        <option value="">{t('admin.cases.chooseLawyer')}</option>
        {lawyers
          .filter((l) => l.active)
          .map((l) => (
            <option key={l.id} value={l.id}>
              {l.full_name}
            </option>
          ))}
      </select>
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** An empty choice or date is a missing value ('Dit veld is verplicht.'), not a malformed one. */

function FormActions({ busy, onCancel }: { busy: boolean; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap gap-3">
      <Button type="submit" busy={busy}>
        {t('admin.save')}
      </Button>
      <Button variant="ghost" onClick={onCancel}>
        {t('admin.cancel')}
      </Button>
    </div>
  );
}

function AssignForm({
  item,
  lawyers,
  onCancel,
  onDone,
}: {
  item: AdminCase;
  lawyers: AdminLawyer[];
  onCancel: () => void;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation();
  const assign = useAssignCase();
  const form = useSchemaForm(AssignCaseRequestSchema, { defaultValues: { lawyer_id: '' } });
  const onSubmit = form.handleSubmit(async ({ lawyer_id }) => {
    try {
      await assign.mutateAsync({ caseId: item.id, lawyerId: lawyer_id });
      onDone(
        t('admin.cases.assigned', {
          client: item.client_name,
          lawyer: lawyers.find((l) => l.id === lawyer_id)?.full_name ?? '',
        }),
      );
    } catch (failure) {
      form.serverErrors(failure);
    }
  });
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={t('admin.cases.assignHeading', { client: item.client_name })}
      className="flex flex-col gap-3 border-t border-slate-200 pt-3"
    >
      <p className="text-slate-800">{t('admin.cases.assignIntro')}</p>
      <LawyerSelect
        lawyers={lawyers}
        error={form.fieldError('lawyer_id')}
        {...form.register('lawyer_id', emptyAsMissing)}
      />
      <FormError message={form.formError} />
      <FormActions busy={form.formState.isSubmitting} onCancel={onCancel} />
    </form>
  );
}

function StandInForm({
  item,
  lawyers,
  onCancel,
  onDone,
}: {
  item: AdminCase;
  lawyers: AdminLawyer[];
  onCancel: () => void;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation();
  const add = useAddStandIn();
  const form = useSchemaForm(StandInRequestSchema, { defaultValues: { lawyer_id: '', from: '', until: '' } });
  const err = form.fieldError;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await add.mutateAsync({ caseId: item.id, ...values });
      onDone(t('admin.cases.standInAdded'));
    } catch (failure) {
      form.serverErrors(failure);
    }
  });
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={t('admin.cases.standInHeading', { client: item.client_name })}
      className="flex flex-col gap-3 border-t border-slate-200 pt-3"
    >
      <p className="text-slate-800">{t('admin.cases.standInIntro')}</p>
      <LawyerSelect
        lawyers={lawyers}
        error={form.fieldError('lawyer_id')}
        {...form.register('lawyer_id', emptyAsMissing)}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={t('admin.cases.from')}
          type="date"
          required
          error={err('from')}
          {...form.register('from', emptyAsMissing)}
        />
        <TextField
          label={t('admin.cases.until')}
          type="date"
          required
          error={err('until')}
          {...form.register('until', emptyAsMissing)}
        />
      </div>
      <FormError message={form.formError} />
      <FormActions busy={form.formState.isSubmitting} onCancel={onCancel} />
    </form>
  );
}

const HoldFormSchema = LegalHoldRequestSchema.pick({ reason: true });

function HoldForm({
  item,
  onCancel,
  onDone,
}: {
  item: AdminCase;
  onCancel: () => void;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation();
  const setHold = useSetLegalHold();
  const form = useSchemaForm(HoldFormSchema, { defaultValues: { reason: '' } });
  const next = !item.legal_hold;
  const onSubmit = form.handleSubmit(async ({ reason }) => {
    try {
      await setHold.mutateAsync({ caseId: item.id, legal_hold: next, reason });
      onDone(next ? t('admin.cases.holdSet') : t('admin.cases.holdCleared'));
    } catch (failure) {
      form.serverErrors(failure);
    }
  });
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={
        next
          ? t('admin.cases.holdHeading', { client: item.client_name })
          : t('admin.cases.clearHoldHeading', { client: item.client_name })
      }
      className="flex flex-col gap-3 border-t border-slate-200 pt-3"
    >
      <p className="text-slate-800">{next ? t('admin.cases.holdIntro') : t('admin.cases.clearHoldIntro')}</p>
      <TextField
        label={t('admin.cases.reason')}
        maxLength={500}
        required
        error={form.fieldError('reason')}
        {...form.register('reason')}
      />
      <FormError message={form.formError} />
      <FormActions busy={form.formState.isSubmitting} onCancel={onCancel} />
    </form>
  );
}

/**
 * The client's data export for a request that came by mail: a confirmation first, then the same
 * export the client can ask for (once a day; the server's refusal is shown as it is). The link
 * goes to the client only; the admin sees just that it was started.
 */
function DataExportConfirm({
  item,
  onCancel,
  onDone,
}: {
  item: AdminCase;
  onCancel: () => void;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation();
  const start = useAdminDataExport();
  const [error, setError] = useState<string | undefined>();
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    try {
      await start.mutateAsync(item.id);
      onDone(t('dataExport.staff.done'));
    } catch (failure) {
      setError(
        t(
          failure instanceof ApiError && failure.status === 429
            ? 'dataExport.staff.oncePerDay'
            : 'dataExport.staff.error',
        ),
      );
    }
  };
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={t('admin.cases.dataExportHeading', { client: item.client_name })}
      className="flex flex-col gap-3 border-t border-slate-200 pt-3"
    >
      <p className="text-slate-800">{t('dataExport.staff.intro')}</p>
      <FormError message={error} />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" busy={start.isPending}>
          {t('admin.cases.dataExportConfirm')}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          {t('admin.cancel')}
        </Button>
      </div>
    </form>
  );
}
