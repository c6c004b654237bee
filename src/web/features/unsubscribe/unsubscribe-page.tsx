import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { MailTopicSchema, UnsubscribeResponseSchema } from '../../../contract/notifications';
import { api } from '../../lib/api';
import { isApiError } from '../../lib/api-client';
import { Button } from '../../ui/button';
import { PageHeading } from '../../ui/page-heading';

type State = 'ready' | 'done' | 'invalid' | 'error';

/**
 * /afmelden?token=…: the unsubscribe link of a mail, without logging in. It asks first, so a
 * mail scanner that opens links does not turn anything off.
 */
export function UnsubscribePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>('ready');
  // The topic is shown from the (signed) token; the server checks the signature.
  const topic = MailTopicSchema.safeParse(token.split('.')[1]);
  const topicName = topic.success
    ? t(`notifications.settings.topics.${topic.data}`)
    : t('notifications.unsubscribe.topicGeneric');

  const confirm = async () => {
    try {
      await api.post('/api/mail/unsubscribe', { token }, UnsubscribeResponseSchema);
      setState('done');
    } catch (error) {
      setState(isApiError(error) && error.kind === 'validation' ? 'invalid' : 'error');
    }
  };

  return (
    <section className="flex flex-col gap-4">
      <PageHeading>{t('notifications.unsubscribe.title')}</PageHeading>
      {!token ? (
        <p role="alert">{t('notifications.unsubscribe.missing')}</p>
      ) : state === 'done' ? (
        <p
          role="status"
          className="rounded-lg border border-green-300 bg-green-50 px-4 py-3 font-medium text-green-900"
        >
          {t('notifications.unsubscribe.done')}
        </p>
      ) : state === 'invalid' ? (
        <p role="alert">{t('notifications.unsubscribe.invalid')}</p>
      ) : (
        <>
          <p className="text-slate-800">{t('notifications.unsubscribe.intro', { topic: topicName })}</p>
          {state === 'error' && (
            <p role="alert" className="font-medium text-red-800">
              {t('notifications.settings.error')}
            </p>
          )}
          <div>
            <Button onClick={confirm}>{t('notifications.unsubscribe.confirm')}</Button>
          </div>
        </>
      )}
      <p>
        <Link to="/login" className="font-medium text-brand-700 underline underline-offset-4">
          {t('notifications.unsubscribe.login')}
        </Link>
      </p>
    </section>
  );
}
