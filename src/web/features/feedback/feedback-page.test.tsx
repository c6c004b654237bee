import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildPagination } from '../../../contract/rules/pagination';
import type { Feedback } from '../../../contract/feedback';
import { makeUser, site } from '../../test/fixtures';
import { installFakeFetch, on, type FakeRoute } from '../../test/fake-fetch';
import { renderApp } from '../../test/render-app';

const lawyer = makeUser('lawyer');

function feedback(n: number, overrides: Partial<Feedback> = {}): Feedback {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    user: { full_name: `Cliënt ${n}`, email: `client${n}@example.com` },
    case: { id: '10000000-0000-4000-8000-000000000000' },
    text: `Bericht ${n}`,
    read_by_lawyer: false,
    last_updated_at: '2026-11-20T10:00:00.000Z',
    created_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

const page = (page: number, items: Feedback[], total: number) => ({
  status: 200,
  body: {
    data: items,
    ...buildPagination({ path: '/api/feedbacks/received', page, perPage: 10, total, count: items.length }),
  },
});

function setup(...routes: FakeRoute[]) {
  return installFakeFetch(
    on('GET', '/api/site', { status: 200, body: { data: site } }),
    on('GET', '/api/user', { status: 200, body: { data: lawyer } }),
    ...routes,
  );
}

describe('the lawyer feedback page', () => {
  it('cuts long previews at 130 characters, loads more until the last page and marks feedback as read', async () => {
    const long = `${'a'.repeat(130)}STAART`;
    const first = [feedback(1, { text: long }), ...Array.from({ length: 9 }, (_, i) => feedback(i + 2))];
    const read = new Set<string>();
    const { calls } = setup(
      on('GET', '/api/feedbacks/received?page=1', () =>
        page(
          1,
          first.map((f) => ({ ...f, read_by_lawyer: read.has(f.id) })),
          11,
        ),
      ),
      on('GET', '/api/feedbacks/received?page=2', page(2, [feedback(11, { read_by_lawyer: true })], 11)),
      on('POST', `/api/feedbacks/${feedback(2).id}/mark-as-read`, () => {
        read.add(feedback(2).id);
        return { status: 200, body: { data: { ...feedback(2), read_by_lawyer: true } } };
      }),
    );
    const user = userEvent.setup();
    renderApp('/feedback', { user: lawyer });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Jouw persoonlijke feedback' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(await screen.findByText(`${'a'.repeat(130)}…`, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText(/STAART/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Meer laden' }));
    expect(await screen.findByText('Bericht 11')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Meer laden' })).not.toBeInTheDocument();

    const item = screen.getByText('Bericht 2').closest('li');
    if (!item) throw new Error('no list item');
    await user.click(within(item).getByRole('button', { name: 'Markeer als gelezen' }));
    await waitFor(() => expect(within(item).getByText('Gelezen')).toBeInTheDocument());
    expect(calls.some((c) => c.method === 'POST' && c.path === `/api/feedbacks/${feedback(2).id}/mark-as-read`)).toBe(
      true,
    );
  });

  it("shows 'Ongeldige gegevensstructuur ontvangen.' when the answer does not match its shape", async () => {
    setup(on('GET', '/api/feedbacks/received?page=1', { status: 200, body: { data: [{ id: 1 }] } }));
    renderApp('/feedback', { user: lawyer });
    expect(
      await screen.findByText('Ongeldige gegevensstructuur ontvangen.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('says so when there is no feedback yet', async () => {
    setup(on('GET', '/api/feedbacks/received?page=1', page(1, [], 0)));
    renderApp('/feedback', { user: lawyer });
    expect(await screen.findByText('Je hebt nog geen feedback ontvangen.', {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
