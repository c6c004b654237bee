import type { StatusSlug } from '../../../../contract/statuses';
import { cn } from '../../../ui/cn';

/** Each phase in its own colour (text contrast AA on its background). */
const PHASE_CLASSES: Record<StatusSlug, string> = {
  lead: 'bg-slate-100 text-slate-800 ring-slate-300',
  'almost-client': 'bg-zinc-100 text-zinc-800 ring-zinc-300',
  'offer-chosen': 'bg-sky-50 text-sky-900 ring-sky-300',
  proposal: 'bg-indigo-50 text-indigo-900 ring-indigo-300',
  'incomplete-case-file': 'bg-red-50 text-red-900 ring-red-300',
  'reviewing-documents': 'bg-amber-50 text-amber-900 ring-amber-300',
  'negotiation-phase': 'bg-violet-50 text-violet-900 ring-violet-300',
  check: 'bg-orange-50 text-orange-900 ring-orange-300',
  'ready-for-signing': 'bg-teal-50 text-teal-900 ring-teal-300',
  'ready-for-invoicing': 'bg-lime-50 text-lime-900 ring-lime-400',
  completed: 'bg-emerald-50 text-emerald-900 ring-emerald-300',
};

export function StatusBadge({ slug, label }: { slug: StatusSlug; label: string }) {
  return (
    <span
      data-status={slug}
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-sm font-medium whitespace-nowrap ring-1 ring-inset',
        PHASE_CLASSES[slug],
      )}
    >
      {label}
    </span>
  );
}
