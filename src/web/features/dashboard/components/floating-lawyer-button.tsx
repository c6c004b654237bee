import { useTranslation } from 'react-i18next';
import type { Lawyer } from '../../../../contract/lawyers';
import { Avatar } from '../../../ui/avatar';

/** A round button in the corner that opens the lawyer info sheet from anywhere on the dashboard. */
export function FloatingLawyerButton({ lawyer, onOpen }: { lawyer: Lawyer; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={onOpen}
      className="fixed right-4 bottom-4 z-30 inline-flex items-center gap-2 rounded-full bg-brand-700 p-1.5 pr-4 font-semibold text-white shadow-lg hover:bg-brand-800"
    >
      <Avatar src={lawyer.avatar} className="size-11 border-2 border-white" />
      <span>{t('dashboard.lawyer.floating')}</span>
    </button>
  );
}
