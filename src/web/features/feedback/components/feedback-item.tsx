import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Feedback } from '../../../../contract/feedback';
import { getFeedbackPreview } from '../../../../contract/rules/feedback-preview';
import { useFormatDate } from '../../../lib/use-format-date';
import { Button } from '../../../ui/button';
import { cn } from '../../../ui/cn';

/** One received feedback: client, date, the preview (130 characters) that can be expanded, read state. */
export function FeedbackItem({ feedback, onMarkAsRead }: { feedback: Feedback; onMarkAsRead: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const [expanded, setExpanded] = useState(false);
  const { preview, truncated } = getFeedbackPreview(feedback.text);
  return (
    <li
      className={cn(
        'flex flex-col gap-2 rounded-2xl border bg-white p-5 shadow-sm',
        feedback.read_by_lawyer ? 'border-slate-200' : 'border-brand-600',
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold text-slate-900">
          {feedback.user.full_name}
          <span className="ml-2 text-sm font-normal text-slate-700">{formatDate(feedback.created_at)}</span>
        </p>
        <span
          className={cn(
            'rounded-full px-3 py-1 text-sm font-semibold',
            feedback.read_by_lawyer ? 'bg-slate-100 text-slate-800' : 'bg-brand-100 text-brand-900',
          )}
        >
          {feedback.read_by_lawyer ? t('feedback.read') : t('feedback.new')}
        </span>
      </div>
      <p className="whitespace-pre-line text-slate-900">{expanded ? feedback.text : preview}</p>
      <div className="flex flex-wrap gap-3">
        {truncated && (
          <Button variant="link" aria-expanded={expanded} onClick={() => setExpanded((value) => !value)}>
            {expanded ? t('feedback.showLess') : t('feedback.showMore')}
          </Button>
        )}
        {!feedback.read_by_lawyer && (
          <Button variant="secondary" onClick={onMarkAsRead}>
            {t('feedback.markAsRead')}
          </Button>
        )}
      </div>
    </li>
  );
}
