import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '../../ui/button';
import { SuccessMessage, useSuccessMessage } from '../../ui/success-message';
import { pushDevicesQueryOptions, pushQueryKeys, removePushDevice, thisDeviceId, usePushSwitch } from '../../lib/push';
import { useFormatDate } from '../../lib/use-format-date';
import { useMailPreferences, useUpdateMailPreferences } from './api';

/**
 * 'Meldingen' in the settings (the client's /instellingen, the lawyer's /account): a switch per
 * channel, e-mail and push on this device, what is sent in one sentence, and the user's own
 * devices with push, each removable. The browser asks for permission only when push is turned on.
 */
export function NoticesSection() {
  const { t } = useTranslation();
  const headingId = useId();
  const introId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={headingId} className="text-xl font-semibold text-slate-900">
        {t('pwa.notices.title')}
      </h2>
      <p id={introId} className="text-slate-800">
        {t('pwa.notices.intro')}
      </p>
      <fieldset aria-describedby={introId} className="flex flex-col gap-3">
        <legend className="mb-3 font-semibold text-slate-900">{t('pwa.notices.channels')}</legend>
        <EmailSwitch />
        <PushSwitch />
      </fieldset>
      <PushDevices />
    </section>
  );
}

function SwitchRow({
  label,
  hint,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  hint: ReactNode;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}) {
  const labelId = useId();
  const hintId = useId();
  return (
    <label
      className={
        'flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-slate-200 px-3 py-2 hover:bg-slate-50'
      }
    >
      <input
        type="checkbox"
        role="switch"
        className="mt-0.5 size-5 shrink-0 accent-brand-700"
        checked={checked}
        disabled={disabled}
        aria-labelledby={labelId}
        aria-describedby={hintId}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span className="flex flex-col gap-1">
        <span id={labelId} className="text-slate-900">
          {label}
        </span>
        <span id={hintId} className="text-sm text-slate-700">
          {hint}
        </span>
      </span>
    </label>
  );
}

function EmailSwitch() {
  const { t } = useTranslation();
  const preferences = useMailPreferences();
  const update = useUpdateMailPreferences();
  const success = useSuccessMessage();
  if (!preferences.data) {
    return preferences.isError ? (
      <p role="alert">{t('pwa.notices.error')}</p>
    ) : (
      <p role="status">{t('pwa.notices.loading')}</p>
    );
  }
  return (
    <>
      <SwitchRow
        label={t('pwa.notices.email')}
        hint={t('pwa.notices.emailHint')}
        checked={preferences.data.email ?? true}
        disabled={update.isPending}
        onChange={(email) => update.mutate({ email }, { onSuccess: () => success.show(t('pwa.notices.saved')) })}
      />
      {update.isError && (
        <p role="alert" className="text-sm font-medium text-red-800">
          {t('pwa.notices.error')}
        </p>
      )}
      <SuccessMessage message={success.message} />
    </>
  );
}

function PushSwitch() {
  const { t } = useTranslation();
  const push = usePushSwitch();
  const success = useSuccessMessage();
  // Where push cannot be turned on, the reason stands under the switch; a failed attempt is announced.
  const blocked =
    push.state === 'unsupported'
      ? t('pwa.notices.pushUnsupported')
      : push.state === 'denied' && push.problem === null
        ? t('pwa.notices.pushDenied')
        : null;
  const problem =
    push.problem === 'denied' ? t('pwa.notices.pushDenied') : push.problem === 'failed' ? t('pwa.notices.error') : null;
  return (
    <>
      <SwitchRow
        label={t('pwa.notices.push')}
        hint={t('pwa.notices.pushHint')}
        checked={push.state === 'on'}
        disabled={push.busy || push.state === null || push.state === 'unsupported' || push.state === 'denied'}
        onChange={(on) => {
          void push.change(on).then((done) => done && success.show(t('pwa.notices.saved')));
        }}
      />
      {blocked && <p className="text-sm text-slate-800">{blocked}</p>}
      {problem && (
        <p role="alert" className="text-sm font-medium text-red-800">
          {problem}
        </p>
      )}
      <SuccessMessage message={success.message} />
    </>
  );
}

function PushDevices() {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const queryClient = useQueryClient();
  const devices = useQuery(pushDevicesQueryOptions());
  const remove = useMutation({
    mutationFn: removePushDevice,
    onSettled: () => queryClient.invalidateQueries({ queryKey: pushQueryKeys.devices }),
  });
  const headingId = useId();
  const current = thisDeviceId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h3 id={headingId} className="font-semibold text-slate-900">
        {t('pwa.notices.devicesTitle')}
      </h3>
      {!devices.data ? (
        devices.isError ? (
          <p role="alert">{t('pwa.notices.error')}</p>
        ) : (
          <p role="status">{t('pwa.notices.loading')}</p>
        )
      ) : devices.data.length === 0 ? (
        <p className="text-slate-800">{t('pwa.notices.noDevices')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-200 rounded-lg border border-slate-200">
          {devices.data.map((device) => {
            const name = device.id === current ? t('pwa.notices.thisDevice', { name: device.name }) : device.name;
            return (
              <li key={device.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                <span className="flex flex-col">
                  <span className="text-slate-900">{name}</span>
                  <span className="text-sm text-slate-700">
                    {t('pwa.notices.lastUsed', { date: formatDate(device.last_used_at) })}
                  </span>
                </span>
                <Button
                  variant="secondary"
                  aria-label={t('pwa.notices.removeLabel', { name })}
                  busy={remove.isPending && remove.variables === device.id}
                  onClick={() => remove.mutate(device.id)}
                >
                  {t('pwa.notices.remove')}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      {remove.isError && (
        <p role="alert" className="text-sm font-medium text-red-800">
          {t('pwa.notices.error')}
        </p>
      )}
    </section>
  );
}
