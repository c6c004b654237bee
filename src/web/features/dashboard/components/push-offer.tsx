import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BellRing } from 'lucide-react';
import { session, useSession } from '../../../lib/app-session';
import { isPushSupported, usePushSwitch } from '../../../lib/push';
import { Button } from '../../../ui/button';

/** The settings key that says the offer was answered on this device (the settings outlive a logout). */
const ANSWERED = 'pushOfferAnswered';

/** A phone: a touch screen as the main pointer, or a browser that says it is a mobile one. */
export function isPhone(): boolean {
  const mobileHint = (navigator as Navigator & { userAgentData?: { mobile?: boolean } }).userAgentData?.mobile;
  if (mobileHint !== undefined) return mobileHint;
  return /Mobi|Android|iPhone|iPod/i.test(navigator.userAgent);
}

/** Whether to offer push: on a phone that can have it, never asked before, the offer not answered. */
function shouldOffer(answered: unknown): boolean {
  return !answered && isPushSupported() && Notification.permission === 'default' && isPhone();
}

/**
 * The dashboard's one-time offer of push notices on a phone, after the first login there. Turning
 * them on asks the browser's permission (only then); 'Nee, bedankt' dismisses it for good on this
 * device. Whether to show it is known at the first render, so it never shifts the page later.
 */
export function PushOffer() {
  const { t } = useTranslation();
  const answered = useSession((state) => state.settings[ANSWERED]);
  const [offered] = useState(() => shouldOffer(answered));
  const push = usePushSwitch();
  const [done, setDone] = useState(false);
  if (!offered || (answered && !done)) return null;
  const answer = () => session.dispatch({ type: 'settings', settings: { [ANSWERED]: true } });
  return (
    <section
      aria-labelledby="push-offer-heading"
      className="flex flex-col gap-3 rounded-2xl border border-brand-200 bg-brand-50 p-4 sm:p-6"
    >
      <h2 id="push-offer-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <BellRing className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
        {t('pwa.offer.title')}
      </h2>
      {done ? (
        <p role="status" className="text-slate-800">
          {t('pwa.offer.done')}
        </p>
      ) : (
        <>
          <p className="text-slate-800">{t('pwa.offer.body')}</p>
          {push.problem && (
            <p role="alert" className="text-sm font-medium text-red-800">
              {t(push.problem === 'denied' ? 'pwa.notices.pushDenied' : 'pwa.notices.error')}
            </p>
          )}
          <div className="flex flex-wrap gap-3">
            <Button
              busy={push.busy}
              onClick={async () => {
                if (!(await push.change(true))) return;
                setDone(true);
                answer();
              }}
            >
              {t('pwa.offer.accept')}
            </Button>
            <Button variant="secondary" onClick={answer}>
              {t('pwa.offer.dismiss')}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
