import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { User } from '../../../../contract/users';
import { i18n } from '../../../lib/i18n';
import { AvailabilityForm } from './availability-form';

const user: User = {
  id: '33333333-3333-4333-8333-333333333333',
  name: 'Sanne',
  infix: null,
  last_name: 'Jansen',
  full_name: 'Sanne Jansen',
  avatar: null,
  email: 'sanne.jansen@example.com',
  phone_number: '0101234567',
  language: 'nl-NL',
  street: null,
  house_number: null,
  postcode: null,
  city: null,
  quote: null,
  title: 'Arbeidsrechtjurist',
  availability: [],
  version: 1,
  availability_version: 1,
  case: null,
  roles: ['lawyer'],
  permissions: [],
};

function renderForm() {
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((_input: RequestInfo | URL, init: RequestInit = {}) => {
      const body = JSON.parse(String(init.body)) as { availability: User['availability'] };
      bodies.push(body);
      return Promise.resolve(
        new Response(JSON.stringify({ data: { ...user, availability: body.availability } }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
      );
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AvailabilityForm user={user} />
    </QueryClientProvider>,
  );
  return bodies;
}

describe('AvailabilityForm', () => {
  it('shows the per-day message and sends nothing while a day has only one time', async () => {
    const bodies = renderForm();
    const saturday = screen.getByRole('group', { name: 'Zaterdag' });
    fireEvent.change(saturday.querySelector('input') as HTMLInputElement, { target: { value: '10:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(
      await screen.findByText('Voor Zaterdag moet je zowel een starttijd als eindtijd invullen.'),
    ).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
  });

  it("checks the order with the contract's rule: the day's message, aria-invalid, focus on its start", async () => {
    const bodies = renderForm();
    const tuesday = screen.getByRole('group', { name: 'Dinsdag' });
    const [start, end] = tuesday.querySelectorAll('input') as unknown as [HTMLInputElement, HTMLInputElement];
    fireEvent.change(end, { target: { value: '08:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Voor Dinsdag moet de eindtijd na de starttijd liggen.')).toBeInTheDocument();
    expect(start).toHaveAttribute('aria-invalid', 'true');
    expect(end).toHaveAccessibleDescription('Voor Dinsdag moet de eindtijd na de starttijd liggen.');
    expect(start).toHaveFocus();
    expect(bodies).toHaveLength(0);
  });

  it('says it in English in the English app', async () => {
    await i18n.changeLanguage('en-US');
    renderForm();
    const saturday = screen.getByRole('group', { name: 'Saturday' });
    fireEvent.change(saturday.querySelector('input') as HTMLInputElement, { target: { value: '10:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/^For Saturday/)).toBeInTheDocument();
  });

  it('sends only the complete days, starting from Monday to Friday 09:00–17:00', async () => {
    const bodies = renderForm();
    const monday = screen.getByRole('group', { name: 'Maandag' });
    for (const input of monday.querySelectorAll('input')) fireEvent.change(input, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Je wijzigingen zijn succesvol opgeslagen')).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        availability: ['tuesday', 'wednesday', 'thursday', 'friday'].map((day) => ({
          day,
          start_time: '09:00',
          end_time: '17:00',
        })),
        availability_version: 1,
      },
    ]);
  });
});
