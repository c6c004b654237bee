import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getFeedbackPreview } from '../../../../contract/rules/feedback-preview';
import { useFormatDate } from '../../../lib/use-format-date';
import { useLatestFeedback } from '../api';

/** The newest feedback a client left; nothing at all when there is none or the call fails. */
export function LatestFeedback() {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const latest = useLatestFeedback();
  const feedback = latest.data;
  if (!feedback) return null;
  // The one contract rule: trimmed, 130 characters as a reader counts them.
  const text = getFeedbackPreview(feedback.text).preview;
  return (
    <section
      aria-labelledby="latest-feedback-heading"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="latest-feedback-heading" className="text-lg font-semibold text-slate-900">
        {t('cases.feedback.heading')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {feedback.user.full_name} · {formatDate(feedback.created_at)}
      </p>
      <blockquote className="mt-2 text-slate-900">{text}</blockquote>
      <Link
        to="/feedback"
        className="mt-3 inline-flex min-h-11 items-center font-medium text-brand-700 underline underline-offset-4"
      >
        {t('cases.feedback.all')}
      </Link>
    </section>
  );
}
