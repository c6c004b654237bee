import { useTranslation } from 'react-i18next';
import { daysBetween } from '../../../../contract/rules/amsterdam-date';

/** 'Nog 12 dagen.' while the bedenktijd runs, 'Vandaag is de laatste dag.' on its last day. */
export function CoolingOffCountdown({ endsOn, today }: { endsOn: string; today: string }) {
  const { t } = useTranslation();
  const days = daysBetween(today, endsOn);
  if (days < 0) return null;
  return (
    <p className="text-slate-900">
      {days === 0 ? t('settlement.coolingOff.lastDay') : t('settlement.coolingOff.daysLeft', { count: days })}
    </p>
  );
}
