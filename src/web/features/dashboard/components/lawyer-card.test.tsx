import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Lawyer } from '../../../../contract/lawyers';
import { LawyerCard } from './lawyer-card';

const lawyer = (id: string, name: string, lastName: string, standIn: Lawyer['stand_in'] = null): Lawyer => ({
  id,
  avatar: null,
  name,
  last_name: lastName,
  full_name: `${name} ${lastName}`,
  title: 'Advocaat',
  email: `${name.toLowerCase()}@example.com`,
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

describe('the lawyer card', () => {
  it('names the assigned lawyer first and the stand-in as stand-in, whatever order the list has', () => {
    const assigned = lawyer('00000000-0000-4000-8000-0000000000a1', 'Nina', 'Nieuw');
    const standIn = lawyer('00000000-0000-4000-8000-0000000000a2', 'Victor', 'Vervanger', {
      from: '2026-11-27',
      until: '2026-12-04',
    });
    render(<LawyerCard lawyers={[standIn, assigned]} offerChosen supportEmail={undefined} onOpen={() => undefined} />);
    const names = screen.getAllByText(/Nina Nieuw|Victor Vervanger/).map((element) => element.textContent);
    expect(names).toEqual(['Nina Nieuw', 'Victor Vervanger']);
    const label = screen.getByText('Vervangend jurist');
    expect(label.nextElementSibling).toHaveTextContent('Victor Vervanger');
    expect(screen.getByText('Advocaat')).toBeInTheDocument();
  });
});
