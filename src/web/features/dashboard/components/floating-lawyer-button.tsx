import { useTranslation } from 'react-i18next';
import type { Lawyer } from '../../../../contract/lawyers';
import { Avatar } from '../../../ui/avatar';

/**
 * A round button in the corner that opens the lawyer info sheet from anywhere on the dashboard.
 * Sticky, not fixed: it floats at the bottom of the screen while the dashboard scrolls, but
 * stops at the dashboard's end, in room of its own, so it never covers the last content or
 * the footer. Phones only: from lg on the lawyer card with 'Bekijk profiel' stands in
 * the side column, and a floating button there lay over the step titles of 'Jouw stappenplan'.
 */
export function FloatingLawyerButton({ lawyer, onOpen }: { lawyer: Lawyer; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={onOpen}
      className={
        'sticky bottom-4 z-30 inline-flex items-center self-end gap-2 lg:hidden ' +
        'rounded-full bg-brand-700 p-1.5 pr-4 font-semibold text-white shadow-lg ' +
        'hover:bg-brand-800'
      }
    >
      <Avatar src={lawyer.avatar} className="size-11 border-2 border-white" />
      <span>{t('dashboard.lawyer.floating')}</span>
    </button>
  );
}
