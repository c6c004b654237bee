import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { MAIL_TOPICS, type MailTopic } from '../../../../contract/notifications';
import { SuccessMessage, useSuccessMessage } from '../../../ui/success-message';
import { useMailPreferences, useUpdateMailPreferences } from '../api';

/**
 * The optional mails (phase changes, reminders, uploads) as switches saved at once; the mails
 * that always go are named in the introduction, written for the audience (a lawyer never reads
 * the client's text). The group is named by the section's heading (`labelledBy`), so its
 * name is not read twice.
 */
export function MailPreferencesForm({ audience, labelledBy }: { audience: 'client' | 'lawyer'; labelledBy: string }) {
  const { t } = useTranslation();
  const preferences = useMailPreferences();
  const update = useUpdateMailPreferences();
  const success = useSuccessMessage();
  const introId = useId();
  // Lawyers get no phase-change or reminder mails; only uploads are optional for them.
  const topics: MailTopic[] = audience === 'lawyer' ? ['uploads'] : [...MAIL_TOPICS];
  const labelKey = audience === 'lawyer' ? 'notifications.settings.lawyerTopics' : 'notifications.settings.topics';

  if (!preferences.data) {
    return preferences.isError ? (
      <p role="alert">{t('notifications.settings.error')}</p>
    ) : (
      <p role="status">{t('notifications.settings.loading')}</p>
    );
  }
  const current = preferences.data;
  return (
    <fieldset aria-labelledby={labelledBy} aria-describedby={introId} className="flex flex-col gap-3">
      <p id={introId} className="text-slate-800">
        {t(audience === 'lawyer' ? 'notifications.settings.lawyerMailIntro' : 'notifications.settings.mailIntro')}
      </p>
      {topics.map((topic) => (
        <label
          key={topic}
          className={
            'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border ' +
            'border-slate-200 px-3 py-2 hover:bg-slate-50'
          }
        >
          <input
            type="checkbox"
            className="size-5 accent-brand-700"
            checked={current[topic]}
            disabled={update.isPending}
            onChange={(event) => {
              update.mutate(
                { [topic]: event.target.checked },
                { onSuccess: () => success.show(t('notifications.settings.saved')) },
              );
            }}
          />
          <span className="text-slate-900">{t(`${labelKey}.${topic}`)}</span>
        </label>
      ))}
      {update.isError && (
        <p role="alert" className="text-sm font-medium text-red-800">
          {t('notifications.settings.error')}
        </p>
      )}
      <SuccessMessage message={success.message} />
    </fieldset>
  );
}
