import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaseLawyerView } from '../../../../contract/cases';
import { getSelectableStatuses, isStatusDropdownEnabled } from '../../../../contract/rules/status-dropdown';
import { StatusSlugSchema, type StatusSlug } from '../../../../contract/statuses';
import { useAllStatuses } from '../../../lib/statuses-query';
import { useShowStatus, useUpdateStatus } from '../api';

/**
 * The status dropdown: a choice shows at once and is sent to the server; a
 * failed save is only logged and the screen keeps the new value. A native `<select>` (decision
 * 026): the phone's own picker, and no script-built list on case detail's first render. The
 * heading 'Status veranderen' is the options' group label; the placeholder shows only while the
 * current status is not among the options.
 */
export function StatusSelect({ view }: { view: CaseLawyerView }) {
  const { t } = useTranslation();
  const id = useId();
  const update = useUpdateStatus(view.id);
  const show = useShowStatus(view.id);
  const offer = view.offer?.slug ?? null;
  const selectable = getSelectableStatuses(offer);
  const enabled = isStatusDropdownEnabled(offer, view.status.slug);
  // The catalogue of GET /api/statuses (cache key allStatuses) gives the phases and their order;
  // until it has loaded the contract's order stands in.
  const catalogue = useAllStatuses().data;
  const listed: StatusSlug[] = enabled ? selectable : [view.status.slug, ...selectable];
  const items = catalogue ? catalogue.filter((s) => listed.includes(s.slug)).map((s) => s.slug) : listed;
  const current = items.includes(view.status.slug) ? view.status.slug : '';
  const onChange = (value: string) => {
    const parsed = StatusSlugSchema.safeParse(value);
    if (!parsed.success || parsed.data === view.status.slug) return;
    show(parsed.data);
    update.mutate(parsed.data, { onError: (error) => console.error('Error updating status', error) });
  };
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="font-medium text-slate-900">
        {t('caseDetail.status.label')}
      </label>
      <select
        id={id}
        value={current}
        disabled={!enabled}
        onChange={(event) => onChange(event.target.value)}
        className={
          'min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3 py-2 ' +
          'text-slate-900 disabled:cursor-not-allowed disabled:bg-slate-100 ' +
          'disabled:text-slate-700 sm:w-72'
        }
      >
        {current === '' && (
          <option value="" disabled>
            {t('caseDetail.status.placeholder')}
          </option>
        )}
        <optgroup label={t('caseDetail.status.heading')}>
          {items.map((slug) => (
            <option key={slug} value={slug} disabled={!selectable.includes(slug)}>
              {t(`caseDetail.statuses.${slug}`)}
            </option>
          ))}
        </optgroup>
      </select>
    </div>
  );
}
