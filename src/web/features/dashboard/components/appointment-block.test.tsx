import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppointmentState } from '../../../../contract/appointments';
import { installFakeFetch, on, type FakeRoute } from '../../../test/fake-fetch';
import { AppointmentBlock } from './appointment-block';

const CASE_ID = '20000000-0000-4000-8000-000000000000';
const LAWYER = { id: '30000000-0000-4000-8000-000000000001', full_name: 'Sanne Jansen', stand_in: false };
const state = (over: Partial<AppointmentState> = {}): AppointmentState => ({
  data: null,
  lawyer: LAWYER,
  mode: 'phone',
  notice_hours: 24,
  callback_requested_at: null,
  ...over,
});
const SLOTS = [
  { start: '2026-12-02T10:00:00+01:00', end: '2026-12-02T10:30:00+01:00' },
  { start: '2026-12-02T10:30:00+01:00', end: '2026-12-02T11:00:00+01:00' },
];

function renderBlock(...routes: FakeRoute[]) {
  const fake = installFakeFetch(...routes);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AppointmentBlock caseId={CASE_ID} caseAppointmentStart={null} />
    </QueryClientProvider>,
  );
  return fake;
}

beforeEach(() => {
  // Tuesday 1 December 2026, 09:00 in Amsterdam.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-12-01T08:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('AppointmentBlock', () => {
  it("shows the days of two weeks, 'Geen tijden beschikbaar' for an empty day, and books the chosen time", async () => {
    const booked = state({
      data: {
        id: '40000000-0000-4000-8000-000000000000',
        case_id: CASE_ID,
        start: SLOTS[1]!.start,
        end: SLOTS[1]!.end,
        lawyer: LAWYER,
        mode: 'phone',
        video_url: null,
        can_change: true,
      },
    });
    let current = state();
    const { calls } = renderBlock(
      on('GET', `/api/cases/${CASE_ID}/appointment`, () => ({ status: 200, body: current })),
      on('GET', `/api/cases/${CASE_ID}/appointment-slots?days=15`, { status: 200, body: { data: SLOTS } }),
      on('POST', `/api/cases/${CASE_ID}/appointment`, () => {
        current = booked;
        return { status: 201, body: { data: booked.data } };
      }),
    );
    const days = await screen.findByRole('group', { name: 'Kies een dag' });
    expect(within(days).getAllByRole('button')).toHaveLength(15);
    // The first day with times is chosen.
    expect(within(days).getByRole('button', { name: 'woensdag 2 december' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(days).getByRole('button', { name: /^donderdag 3 december/ }));
    expect(screen.getByText('Geen tijden beschikbaar', { exact: true })).toBeInTheDocument();
    await userEvent.click(within(days).getByRole('button', { name: 'woensdag 2 december' }));
    const times = screen.getByRole('group', { name: 'Tijden op woensdag 2 december' });
    await userEvent.click(within(times).getByRole('button', { name: '10:30' }));
    await userEvent.click(screen.getByRole('button', { name: 'Gesprek plannen op woensdag 2 december om 10:30' }));
    expect(
      await screen.findByText('Je eerste gesprek met Sanne Jansen is op woensdag 2 december om 10:30.'),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ start: '2026-12-02T10:30:00+01:00' });
    expect(screen.getByRole('button', { name: 'Zet in je agenda' })).toBeInTheDocument();
  });

  it("says in the server's words why a move was refused (the day's moves used up)", async () => {
    const booked = state({
      data: {
        id: '40000000-0000-4000-8000-000000000000',
        case_id: CASE_ID,
        start: SLOTS[1]!.start,
        end: SLOTS[1]!.end,
        lawyer: LAWYER,
        mode: 'phone',
        video_url: null,
        can_change: true,
      },
    });
    const refusal =
      'Dit gesprek is vandaag al 3 keer verzet. Morgen kan het weer; heb je eerder een andere tijd nodig, ' +
      'neem dan contact op met je jurist.';
    renderBlock(
      on('GET', `/api/cases/${CASE_ID}/appointment`, { status: 200, body: booked }),
      on('GET', `/api/cases/${CASE_ID}/appointment-slots?days=15`, { status: 200, body: { data: SLOTS } }),
      on('PATCH', `/api/cases/${CASE_ID}/appointment`, { status: 429, body: { message: refusal } }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Verzetten' }));
    const times = await screen.findByRole('group', { name: 'Tijden op woensdag 2 december' });
    await userEvent.click(within(times).getByRole('button', { name: '10:00' }));
    await userEvent.click(screen.getByRole('button', { name: 'Verzetten naar woensdag 2 december om 10:00' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
  });

  it("offers 'Bel mij terug' when there is no time in 14 days", async () => {
    let current = state();
    const { calls } = renderBlock(
      on('GET', `/api/cases/${CASE_ID}/appointment`, () => ({ status: 200, body: current })),
      on('GET', `/api/cases/${CASE_ID}/appointment-slots?days=15`, { status: 200, body: { data: [] } }),
      on('POST', `/api/cases/${CASE_ID}/appointment/callback`, () => {
        current = state({ callback_requested_at: '2026-12-01T08:00:00.000Z' });
        return { status: 201, body: { data: { requested_at: '2026-12-01T08:00:00.000Z' } } };
      }),
    );
    expect(await screen.findByText('De komende 14 dagen zijn er geen tijden beschikbaar.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Bel mij terug' }));
    expect(await screen.findByText('Je jurist belt je terug om een afspraak te maken.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('names the stand-in and keeps a late appointment from being moved by the client', async () => {
    const standIn = { ...LAWYER, full_name: 'Daan Visser', stand_in: true };
    renderBlock(
      on('GET', `/api/cases/${CASE_ID}/appointment`, {
        status: 200,
        body: state({
          lawyer: standIn,
          data: {
            id: '40000000-0000-4000-8000-000000000000',
            case_id: CASE_ID,
            start: SLOTS[0]!.start,
            end: SLOTS[0]!.end,
            lawyer: standIn,
            mode: 'phone',
            video_url: null,
            can_change: false,
          },
        }),
      }),
    );
    expect(
      await screen.findByText('Daan Visser vervangt je jurist in deze periode: je gesprek is met Daan Visser.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Verzetten' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Annuleren' })).toBeNull();
    expect(
      screen.getByText('Het gesprek begint binnen 24 uur. Verzetten of annuleren kan nu alleen via je jurist.'),
    ).toBeInTheDocument();
  });
});
