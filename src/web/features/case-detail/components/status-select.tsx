import * as Select from '@radix-ui/react-select';
import { Check, ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { CaseLawyerView } from '../../../../contract/cases';
import { getSelectableStatuses, isStatusDropdownEnabled } from '../../../../contract/rules/status-dropdown';
import { StatusSlugSchema, type StatusSlug } from '../../../../contract/statuses';
import { useAllStatuses } from '../../../lib/statuses-query';
import { useShowStatus, useUpdateStatus } from '../api';

/**
 * The status dropdown (SPEC section 4): a choice shows at once and is sent to the server; a
 * failed save is only logged and the screen keeps the new value.
 */
export function StatusSelect({ view }: { view: CaseLawyerView }) {
  const { t } = useTranslation();
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
  const onChange = (value: string) => {
    const slug = StatusSlugSchema.parse(value);
    if (slug === view.status.slug) return;
    show(slug);
    update.mutate(slug, { onError: (error) => console.error('Error updating status', error) });
  };
  return (
    <div className="flex flex-col gap-1.5">
      <span id="status-select-label" className="font-medium text-slate-900">
        {t('caseDetail.status.label')}
      </span>
      <Select.Root value={view.status.slug} onValueChange={onChange} disabled={!enabled}>
        <Select.Trigger
          aria-labelledby="status-select-label"
          className="inline-flex min-h-11 w-full items-center justify-between gap-2 rounded-lg border border-slate-400 bg-white px-3 py-2 text-left text-slate-900 data-[disabled]:cursor-not-allowed data-[disabled]:bg-slate-100 data-[disabled]:text-slate-700 sm:w-72"
        >
          <Select.Value placeholder={t('caseDetail.status.placeholder')} />
          <Select.Icon>
            <ChevronDown className="size-4" aria-hidden="true" />
          </Select.Icon>
        </Select.Trigger>
        <Select.Portal>
          <Select.Content position="popper" sideOffset={4} className="z-50 min-w-[var(--radix-select-trigger-width)] rounded-lg border border-slate-300 bg-white p-1 shadow-lg">
            <Select.Viewport>
              <Select.Group>
                <Select.Label className="px-3 py-2 text-sm font-semibold text-slate-700">{t('caseDetail.status.heading')}</Select.Label>
                {items.map((slug) => (
                  <Select.Item
                    key={slug}
                    value={slug}
                    disabled={!selectable.includes(slug)}
                    className="relative flex min-h-11 cursor-pointer items-center rounded-md py-2 pr-3 pl-8 text-slate-900 outline-none select-none data-[disabled]:cursor-default data-[disabled]:text-slate-600 data-[highlighted]:bg-brand-50"
                  >
                    <Select.ItemIndicator className="absolute left-2">
                      <Check className="size-4" aria-hidden="true" />
                    </Select.ItemIndicator>
                    <Select.ItemText>{t(`caseDetail.statuses.${slug}`)}</Select.ItemText>
                  </Select.Item>
                ))}
              </Select.Group>
            </Select.Viewport>
          </Select.Content>
        </Select.Portal>
      </Select.Root>
    </div>
  );
}
