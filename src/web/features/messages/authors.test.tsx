import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Lawyer } from '../../../contract/lawyers';
import type { Message } from '../../../contract/messages';
import { makeClientCaseView, site } from '../../test/fixtures';
import { installFakeFetch, on } from '../../test/fake-fetch';
import { ClientMessagesPage } from './client-messages-page';

const CASE_ID = '00000000-0000-4000-8000-00000000c0de';
const person = (id: string, full: string) => ({
  id,
  name: full.split(' ')[0] ?? full,
  infix: null,
  last_name: full.split(' ')[1] ?? null,
  full_name: full,
  email: `${id.slice(-4)}@example.com`,
});
const lawyer = (id: string, full: string, standIn: Lawyer['stand_in'] = null): Lawyer => ({
  ...person(id, full),
  avatar: null,
  title: 'Arbeidsrechtjurist',
  phone_number: null,
  postcode: null,
  house_number: null,
  street: null,
  city: null,
  quote: null,
  answers: [],
  questions: [],
  availability: [],
  stand_in: standIn,
});
const FORMER = '00000000-0000-4000-8000-0000000000a1';
const ASSIGNED = '00000000-0000-4000-8000-0000000000a2';
const STAND_IN = '00000000-0000-4000-8000-0000000000a3';
const message = (n: number, author: ReturnType<typeof person> | null, standIn: boolean, text: string): Message => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  case_id: CASE_ID,
  author,
  author_role: 'lawyer',
  author_stand_in: standIn,
  text,
  attachment: null,
  created_at: new Date(Date.now() - (10 - n) * 60_000).toISOString(),
  read_at: new Date().toISOString(),
});

describe("the client's /berichten after a reassignment with a stand-in", () => {
  it("names the assigned lawyer in the header, the stand-in as such, and each lawyer message's author", async () => {
    const view = makeClientCaseView(CASE_ID, 'reviewing-documents', {
      lawyers: [
        lawyer(ASSIGNED, 'Nina Nieuw'),
        lawyer(STAND_IN, 'Victor Vervanger', { from: '2026-11-27', until: '2026-12-04' }),
      ],
    });
    installFakeFetch(
      on('GET', '/api/site', { status: 200, body: { data: site } }),
      on('GET', '/api/cases/mine', { status: 200, body: { data: view } }),
      on('GET', `/api/cases/${CASE_ID}/messages`, {
        status: 200,
        body: {
          data: [
            message(3, person(STAND_IN, 'Victor Vervanger'), true, 'Ik neem het even over.'),
            message(2, person(ASSIGNED, 'Nina Nieuw'), false, 'Ik ben je nieuwe jurist.'),
            message(1, person(FORMER, 'Frits Vroeger'), false, 'Ik ben je eerste jurist.'),
          ],
          next_cursor: null,
        },
      }),
      on('GET', '/api/messages/unread', { status: 200, body: { data: [], total: 0 } }),
    );
    render(
      <MemoryRouter>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <ClientMessagesPage />
        </QueryClientProvider>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'Nina Nieuw' })).toBeInTheDocument();
    expect(screen.getByText('Vervangend jurist: Victor Vervanger')).toBeInTheDocument();
    const log = screen.getByRole('log', { name: 'Berichten' });
    const bubble = async (text: string) => (await within(log).findByText(text)).closest('li') as HTMLElement;
    expect(within(await bubble('Ik ben je eerste jurist.')).getByText('Frits Vroeger')).toBeVisible();
    expect(within(await bubble('Ik ben je nieuwe jurist.')).getByText('Nina Nieuw')).toBeVisible();
    expect(
      within(await bubble('Ik neem het even over.')).getByText('Victor Vervanger · vervangend jurist'),
    ).toBeVisible();
  });
});
