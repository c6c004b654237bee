import { AlertTriangle, CheckCircle2, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDutchDate } from '../../../../contract/rules/settlement-format';
import type { SettlementCheck, WwCheckItemView } from '../../../../contract/settlement';
import { cn } from '../../../ui/cn';

const LOOK = {
  ok: { icon: CheckCircle2, box: 'border-green-300 bg-green-50', word: 'bg-green-800 text-white' },
  warning: { icon: AlertTriangle, box: 'border-amber-300 bg-amber-50', word: 'bg-amber-700 text-white' },
  risk: { icon: XCircle, box: 'border-red-300 bg-red-50', word: 'bg-red-800 text-white' },
} as const;

/**
 * The WW check, one line per item in the reader's language (the server writes the texts): green,
 * orange or red, each with an icon and a word ('In orde', 'Let op', 'Risico'), so the colour is
 * never the only sign.
 */
export function WwCheckList({ items, labelledBy }: { items: WwCheckItemView[]; labelledBy: string }) {
  const { t } = useTranslation();
  return (
    <ul aria-labelledby={labelledBy} className="flex flex-col gap-2">
      {items.map((item) => {
        const look = LOOK[item.result];
        const Icon = look.icon;
        return (
          <li
            key={item.key}
            className={cn('flex items-start gap-3 rounded-lg border px-3 py-2 text-slate-900', look.box)}
          >
            <Icon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
            <span className="flex flex-col gap-1 sm:flex-row sm:items-start sm:gap-3">
              <span className={cn('w-fit shrink-0 rounded px-2 py-0.5 text-sm font-semibold', look.word)}>
                {t(`settlement.ww.result.${item.result}`)}
              </span>
              <span>{item.text}</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Once the signed agreement is recorded, the check counts from its date (dagtekening) instead of
 * the draft's: one sentence says so, on the client's and the lawyer's screen alike.
 */
export function WwCheckBasis({ check }: { check: Pick<SettlementCheck, 'agreement_date' | 'from_signed'> }) {
  const { t } = useTranslation();
  if (!check.from_signed || !check.agreement_date) return null;
  return (
    <p className="text-slate-800">{t('settlement.ww.fromSigned', { date: formatDutchDate(check.agreement_date) })}</p>
  );
}
