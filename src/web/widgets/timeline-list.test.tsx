import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TIMELINE_KINDS, type TimelineEvent } from '../../contract/workflow';
import { i18n } from '../lib/i18n';
import { installFakeFetch, on } from '../test/fake-fetch';
import { TimelineList } from './timeline-list';

const CASE_ID = '10000000-0000-4000-8000-000000000001';

/** One event of every kind the contract knows, with details as the server sends them. */
const events: TimelineEvent[] = TIMELINE_KINDS.map((kind, index) => ({
  id: index + 1,
  at: '2026-11-27T08:27:00.000Z',
  actor: 'Sanne Jansen',
  kind,
  details: kind.startsWith('document.')
    ? { from: null, to: null, title: 'Arbeidsovereenkomst' }
    : kind === 'case.offer_changed'
      ? { from: null, to: 'start', title: null }
      : { from: 'intake', to: 'check', title: null },
  text: kind,
}));

function renderTimeline(data: TimelineEvent[]) {
  installFakeFetch(
    on('GET', `/api/cases/${CASE_ID}/timeline?page=1`, {
      status: 200,
      body: {
        data,
        links: { first: null, last: null, prev: null, next: null },
        meta: {
          current_page: 1,
          from: 1,
          last_page: 1,
          links: [],
          path: '',
          per_page: 20,
          to: data.length,
          total: data.length,
        },
      },
    }),
  );
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <TimelineList caseId={CASE_ID} heading="Tijdlijn" headingId="timeline" />
    </QueryClientProvider>,
  );
}

describe('the timeline', () => {
  it('has a text for every kind of event in Dutch and in English', () => {
    for (const language of ['nl-NL', 'en-US']) {
      const missing = TIMELINE_KINDS.filter(
        (kind) => !i18n.exists(`caseRoute.timeline.kinds.${kind}`, { lng: language, fallbackLng: [] }),
      );
      expect(missing, language).toEqual([]);
    }
  });

  it.each(['nl-NL', 'en-US'])(
    'shows every kind of event as a sentence, never as a translation key (%s)',
    async (language) => {
      await i18n.changeLanguage(language);
      renderTimeline(events);
      const items = within(await screen.findByRole('list')).getAllByRole('listitem');
      expect(items).toHaveLength(TIMELINE_KINDS.length);
      for (const item of items) expect(item.textContent).not.toMatch(/caseRoute|timeline\.kinds/);
    },
  );

  it("says 'Bericht verstuurd' for a message, without its text", async () => {
    renderTimeline([events.find((event) => event.kind === 'message.sent')!]);
    const item = within(await screen.findByRole('list')).getByRole('listitem');
    expect(item).toHaveTextContent(/^Bericht verstuurd/);
  });

  it('lets a long unbroken document title wrap instead of widening the page', async () => {
    renderTimeline([
      {
        ...events.find((event) => event.kind === 'document.uploaded')!,
        details: { from: null, to: null, title: 'x'.repeat(120) },
      },
    ]);
    const item = within(await screen.findByRole('list')).getByRole('listitem');
    // jsdom has no layout; the rule that lets the browser break inside a word is what can be checked.
    expect(item).toHaveClass('[overflow-wrap:anywhere]');
  });
});
