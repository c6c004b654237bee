import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OFFER_SLUGS, type OfferSlug } from '../../contract/offers';
import { useOfferName } from '../lib/offer-name';
import type { TimelineEvent } from '../../contract/workflow';
import { useTimeline } from '../lib/timeline';
import { useFormatDateTime } from '../lib/use-format-date';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';

/**
 * One event in the reader's language, built from its kind and details; a client reads the phases by their client-facing
 * step names.
 */
function useEventText(forClient: boolean) {
  const { t } = useTranslation();
  const offerName = useOfferName();
  const status = (slug: string | null) =>
    slug
      ? t(forClient ? `dashboard.stepper.names.${slug}` : `caseDetail.statuses.${slug}`, { defaultValue: slug })
      : '?';
  return (event: TimelineEvent) => {
    const { from, to, title } = event.details;
    if (event.kind === 'case.offer_changed')
      return t('caseRoute.timeline.kinds.case.offer_changed', {
        offer: OFFER_SLUGS.includes(to as OfferSlug) ? offerName(to as OfferSlug) : '?',
      });
    if (event.kind.startsWith('case.'))
      return t(`caseRoute.timeline.kinds.${event.kind}`, { from: status(from), to: status(to) });
    if (event.kind === 'settlement.version_added' && from === 'us')
      return t('caseRoute.timeline.kinds.settlement.version_added_us');
    return t(`caseRoute.timeline.kinds.${event.kind}`, { title: title ?? '' });
  };
}

type TimelineListProps = {
  caseId: string;
  heading: string;
  headingId: string;
  /** The client's view: phases by their client-facing names. */
  forClient?: boolean;
  /** Shows only the latest this many events at first, with 'Toon meer' for the rest. */
  initialCount?: number;
};

/**
 * A case's timeline (newest first, 20 at a time): 'Tijdlijn' for the lawyer, 'Wat is er
 * gebeurd' for the client, who sees the latest few (`initialCount`) and 'Toon meer'.
 */
export function TimelineList({ caseId, heading, headingId, forClient = false, initialCount }: TimelineListProps) {
  const { t } = useTranslation();
  const timeline = useTimeline(caseId);
  const formatDateTime = useFormatDateTime();
  const describe = useEventText(forClient);
  const [expanded, setExpanded] = useState(false);
  const loaded = timeline.data?.pages.flatMap((page) => page.data) ?? [];
  const collapsed = initialCount !== undefined && !expanded;
  const events = collapsed ? loaded.slice(0, initialCount) : loaded;
  const hidden = collapsed && (loaded.length > initialCount || timeline.hasNextPage);
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={headingId} className="mb-3 text-lg font-semibold text-slate-900">
        {heading}
      </h2>
      {timeline.isPending ? (
        <p role="status" className="flex items-center gap-2 text-slate-800">
          <Spinner />
          {t('caseRoute.timeline.loading')}
        </p>
      ) : timeline.isError ? (
        <p role="alert" className="text-red-800">
          {t('caseRoute.timeline.error')}
        </p>
      ) : events.length === 0 ? (
        <p className="text-slate-800">{t('caseRoute.timeline.empty')}</p>
      ) : (
        <ol className="flex flex-col gap-3">
          {events.map((event) => (
            <li
              key={event.id}
              className="flex min-w-0 flex-col border-l-2 border-slate-300 pl-3 [overflow-wrap:anywhere]"
            >
              <span className="text-slate-900">{describe(event)}</span>
              <span className="text-sm text-slate-700">
                <time dateTime={event.at}>{formatDateTime(event.at)}</time>
                {' · '}
                {event.actor ?? t('caseRoute.timeline.system')}
              </span>
            </li>
          ))}
        </ol>
      )}
      {hidden && (
        <Button variant="secondary" className="mt-3" onClick={() => setExpanded(true)}>
          {t('caseRoute.timeline.showMore')}
        </Button>
      )}
      {!collapsed && timeline.hasNextPage && (
        <Button
          variant="secondary"
          className="mt-3"
          busy={timeline.isFetchingNextPage}
          onClick={() => timeline.fetchNextPage()}
        >
          {t('caseRoute.timeline.loadMore')}
        </Button>
      )}
    </section>
  );
}
