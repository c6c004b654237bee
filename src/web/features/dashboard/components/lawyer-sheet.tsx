import { ChevronLeft, ChevronRight, Mail, Phone } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lawyer } from '../../../../contract/lawyers';
import { getAvailabilityDisplay } from '../../../../contract/rules/availability-display';
import { Avatar } from '../../../ui/avatar';
import { cn } from '../../../ui/cn';
import { Dialog } from '../../../ui/dialog';
import { EmailAddress } from '../../../ui/email-address';

/** switching between lawyers fades over 300 ms. */
export const LAWYER_FADE_MS = 300;

type LawyerSheetProps = {
  lawyers: Lawyer[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** 'Plan je 1e gesprek': closes the sheet and goes to the booking on the dashboard. */
  onPlanAppointment?: () => void;
};

/** The lawyer info sheet: profile, answers and week; several lawyers are cycled with arrows or dots. */
export function LawyerSheet({ lawyers, open, onOpenChange, onPlanAppointment }: LawyerSheetProps) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const [visible, setVisible] = useState(true);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const lawyer = lawyers[Math.min(index, lawyers.length - 1)];
  if (!lawyer) return null;

  const goTo = (next: number) => {
    const target = (next + lawyers.length) % lawyers.length;
    if (target === index) return;
    setVisible(false);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setIndex(target);
      setVisible(true);
    }, LAWYER_FADE_MS);
  };

  const week = getAvailabilityDisplay(lawyer.availability);
  const answered = lawyer.answers.filter((a) => a.answer && a.answer.trim() !== '');

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={lawyer.full_name} className="max-w-xl">
      <div
        className={cn(
          'flex flex-col gap-5 transition-opacity duration-300 motion-reduce:transition-none',
          visible ? 'opacity-100' : 'opacity-0',
        )}
        aria-live="polite"
        data-testid="lawyer-sheet-body"
      >
        <div className="flex items-center gap-4">
          <Avatar src={lawyer.avatar} className="size-20" />
          <div className="flex flex-col gap-1">
            <p className="font-medium text-slate-800">{lawyer.title || t('dashboard.lawyer.defaultTitle')}</p>
            <a
              href={`mailto:${lawyer.email}`}
              className="inline-flex min-w-0 items-center gap-2 text-brand-700 underline underline-offset-4"
            >
              <Mail className="size-4 shrink-0" aria-hidden="true" />
              <span className="sr-only">{t('dashboard.sheet.email')}: </span>
              <EmailAddress value={lawyer.email} className="min-w-0" />
            </a>
            {lawyer.phone_number && (
              <a
                href={`tel:${lawyer.phone_number}`}
                className="inline-flex items-center gap-2 text-brand-700 underline underline-offset-4"
              >
                <Phone className="size-4 shrink-0" aria-hidden="true" />
                <span className="sr-only">{t('dashboard.sheet.phone')}: </span>
                {lawyer.phone_number}
              </a>
            )}
          </div>
        </div>
        {onPlanAppointment && (
          <button
            type="button"
            onClick={onPlanAppointment}
            className={
              'inline-flex min-h-11 w-fit items-center justify-center gap-2 rounded-lg ' +
              'bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800'
            }
          >
            {t('appointments.planFromSheet')}
          </button>
        )}
        <blockquote className="rounded-lg bg-brand-50 px-4 py-3 text-slate-900 italic">
          “{lawyer.quote || t('dashboard.lawyer.defaultQuote')}”
        </blockquote>
        {answered.length > 0 && (
          <section aria-labelledby="lawyer-answers-heading" className="flex flex-col gap-3">
            <h3 id="lawyer-answers-heading" className="font-semibold text-slate-900">
              {t('dashboard.sheet.answers')}
            </h3>
            <dl className="flex flex-col gap-3">
              {answered.map((answer) => (
                <div key={answer.question_id}>
                  <dt className="font-medium text-slate-800">{answer.question}</dt>
                  <dd className="text-slate-900">{answer.answer}</dd>
                </div>
              ))}
            </dl>
          </section>
        )}
        <section aria-labelledby="lawyer-availability-heading" className="flex flex-col gap-2">
          <h3 id="lawyer-availability-heading" className="font-semibold text-slate-900">
            {t('dashboard.sheet.availability')}
          </h3>
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1">
            {week.map((row) => (
              <div key={row.day} className="contents">
                <dt className="text-slate-800">{t(`dashboard.days.${row.day}`)}</dt>
                <dd className={row.hours ? 'text-slate-900' : 'text-slate-700'}>
                  {row.hours ?? t('dashboard.sheet.unavailable')}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      </div>
      {lawyers.length > 1 && (
        <div className="flex items-center justify-between gap-2 border-t border-slate-200 pt-4">
          <button
            type="button"
            onClick={() => goTo(index - 1)}
            className="inline-flex size-11 items-center justify-center rounded-lg text-slate-800 hover:bg-slate-100"
            aria-label={t('dashboard.sheet.previous')}
          >
            <ChevronLeft className="size-5" aria-hidden="true" />
          </button>
          <div className="flex gap-1">
            {lawyers.map((l, i) => (
              <button
                key={l.id}
                type="button"
                onClick={() => goTo(i)}
                aria-label={t('dashboard.sheet.dot', { index: i + 1, count: lawyers.length, name: l.full_name })}
                aria-current={i === index ? 'true' : undefined}
                className="inline-flex size-11 items-center justify-center rounded-full"
              >
                <span className={cn('size-3 rounded-full', i === index ? 'bg-brand-700' : 'bg-slate-400')} />
              </button>
            ))}
          </div>
          <button
            type="button"
            onClick={() => goTo(index + 1)}
            className="inline-flex size-11 items-center justify-center rounded-lg text-slate-800 hover:bg-slate-100"
            aria-label={t('dashboard.sheet.next')}
          >
            <ChevronRight className="size-5" aria-hidden="true" />
          </button>
        </div>
      )}
    </Dialog>
  );
}
