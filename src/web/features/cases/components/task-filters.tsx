import { useTranslation } from 'react-i18next';
import { TASK_LABEL_KEYS, TASK_STATUSES, type StatusSlug } from '../../../../contract/statuses';
import { cn } from '../../../ui/cn';
import { useStatusCounts } from '../api';

/** The dashboard's task buttons: one per task status with cases, each filtering the list. */
export function TaskFilters({
  active,
  onSelect,
  otherTasks = 0,
}: {
  active: StatusSlug | null;
  onSelect: (slug: StatusSlug | null) => void;
  /** Tasks shown beside these (the invoice tasks): with any, 'Geen openstaande taken' would not be true. */
  otherTasks?: number;
}) {
  const { t } = useTranslation();
  const counts = useStatusCounts();
  if (counts.isPending) return <p role="status">{t('cases.loading')}</p>;
  if (counts.isError)
    return (
      <p role="alert" className="text-red-800">
        {t('cases.error')}
      </p>
    );
  const tasks = TASK_STATUSES.map((slug) => ({ slug, status: counts.data.find((s) => s.slug === slug) })).filter(
    (task) => (task.status?.cases_count ?? 0) > 0,
  );
  if (tasks.length === 0) return otherTasks > 0 ? null : <p>{t('cases.tasks.none')}</p>;
  return (
    <ul className="flex flex-col gap-2">
      {tasks.map(({ slug, status }) => {
        const pressed = active === slug;
        const label = t(TASK_LABEL_KEYS[slug] ?? `cases.statuses.${slug}`);
        return (
          <li key={slug}>
            <TaskButton
              label={label}
              count={status?.cases_count ?? 0}
              pressed={pressed}
              onPress={() => onSelect(pressed ? null : slug)}
            />
          </li>
        );
      })}
    </ul>
  );
}

/**
 * One task as a toggle with its number of cases, read as 'Opdrachtbevestiging versturen (2)'; the
 * pill shows the number.
 */
export function TaskButton({
  label,
  count,
  pressed,
  onPress,
}: {
  label: string;
  count: number;
  pressed: boolean;
  onPress: () => void;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onPress}
      className={cn(
        'flex min-h-11 w-full items-center justify-between gap-3 rounded-lg border px-4 py-2 text-left font-medium',
        pressed
          ? 'border-brand-700 bg-brand-700 text-white'
          : 'border-slate-300 bg-white text-slate-900 hover:border-brand-700',
      )}
    >
      <span>{label}</span>
      <span
        className={cn(
          'rounded-full px-2 text-sm font-semibold',
          pressed ? 'bg-white text-brand-900' : 'bg-slate-100 text-slate-900',
        )}
      >
        <span className="sr-only"> (</span>
        {count}
        <span className="sr-only">)</span>
      </span>
    </button>
  );
}
