import { act, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeFetch, on } from '../../test/fake-fetch';
import { makeClientCaseView, makeUser } from '../../test/fixtures';
import { CompanyForm } from './components/company-form';
import { ContactPersonsForm } from './components/contact-persons-form';
import { PersonalDataPage } from './personal-data-page';
import { StoryPage } from './story-page';

const CASE_ID = '22222222-2222-4222-8222-222222222222';
const Q1 = '33333333-3333-4333-8333-333333333331';
const Q2 = '33333333-3333-4333-8333-333333333332';

function wrap(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{children}</QueryClientProvider>);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('contact persons', () => {
  it('allows at most three and sends the whole list without a removed one', async () => {
    const { calls } = installFakeFetch(
      on('POST', `/api/cases/${CASE_ID}/contact-persons`, { status: 200, body: { data: [], meta: { version: 2 } } }),
      on('GET', '/api/cases/mine', { status: 500 }),
    );
    wrap(<ContactPersonsForm caseId={CASE_ID} contactPersons={[]} version={1} />);
    const add = () => fireEvent.click(screen.getByRole('button', { name: 'Contactpersoon toevoegen' }));
    add();
    add();
    add();
    expect(screen.queryByRole('button', { name: 'Contactpersoon toevoegen' })).toBeNull();
    expect(screen.getByText('Je hebt het maximum van 3 contactpersonen bereikt.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Contactpersoon 3 verwijderen' }));
    fireEvent.click(screen.getByRole('button', { name: 'Contactpersoon 2 verwijderen' }));
    fireEvent.change(screen.getByLabelText(/Voornaam/), { target: { value: 'Petra' } });
    fireEvent.change(screen.getByLabelText(/Achternaam/), { target: { value: 'de Groot' } });
    fireEvent.change(screen.getByLabelText(/E-mailadres/), { target: { value: 'petra@example.org' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Contactpersonen opslaan' }));
    });
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({
      contact_persons: [
        {
          first_name: 'Petra',
          infix: null,
          last_name: 'de Groot',
          job_title: null,
          email: 'petra@example.org',
          phone_number: null,
        },
      ],
      version: 1,
    });
    expect(await screen.findByText('Je wijzigingen zijn succesvol opgeslagen')).toBeInTheDocument();
  });

  it('shows the validation messages and sends nothing', async () => {
    const { calls } = installFakeFetch();
    wrap(<ContactPersonsForm caseId={CASE_ID} contactPersons={[]} version={1} />);
    fireEvent.click(screen.getByRole('button', { name: 'Contactpersoon toevoegen' }));
    fireEvent.change(screen.getByLabelText(/Voornaam/), { target: { value: 'x'.repeat(251) } });
    fireEvent.change(screen.getByLabelText(/E-mailadres/), { target: { value: 'geen-mail' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Contactpersonen opslaan' }));
    });
    expect(await screen.findByText('Maximaal 250 tekens.')).toBeInTheDocument();
    expect(screen.getByText('Vul een geldig e-mailadres in.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });
});

describe('contact persons: the focus after removing one', () => {
  it("goes to the next person's first field, or to 'Contactpersoon toevoegen' when none follows", async () => {
    installFakeFetch();
    wrap(<ContactPersonsForm caseId={CASE_ID} contactPersons={[]} version={1} />);
    const add = () => fireEvent.click(screen.getByRole('button', { name: 'Contactpersoon toevoegen' }));
    add();
    add();
    add();
    const firstNames = () => screen.getAllByRole('textbox', { name: /Voornaam/ });
    fireEvent.change(firstNames()[2]!, { target: { value: 'Derde' } });
    fireEvent.click(screen.getByRole('button', { name: 'Contactpersoon 2 verwijderen' }));
    // The third person is now the second: its first field has the focus.
    expect(firstNames()).toHaveLength(2);
    expect(document.activeElement).toBe(firstNames()[1]);
    expect(document.activeElement).toHaveValue('Derde');

    fireEvent.click(screen.getByRole('button', { name: 'Contactpersoon 2 verwijderen' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Contactpersoon toevoegen' }));
  });
});

describe('story answers', () => {
  it('refuses to save without changes and sends an emptied answer as null', async () => {
    const { calls } = installFakeFetch(
      on('GET', '/api/client-questions', {
        status: 200,
        body: {
          data: [
            { id: Q1, text: 'Wat is er gebeurd?', answer: 'Reorganisatie', version: 2 },
            { id: Q2, text: 'Wat wil je bereiken?', answer: null, version: 0 },
          ],
        },
      }),
      on('POST', '/api/client-questions/answers', {
        status: 200,
        body: {
          data: [
            { id: Q1, text: 'Wat is er gebeurd?', answer: null, version: 3 },
            { id: Q2, text: 'Wat wil je bereiken?', answer: null, version: 0 },
          ],
        },
      }),
    );
    wrap(<StoryPage />);
    const first = await screen.findByLabelText('Wat is er gebeurd?');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Er is niets om op te slaan.');
    fireEvent.change(first, { target: { value: '   ' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    });
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ questions: [{ id: Q1, answer: null, version: 2 }] });
    expect(await screen.findByText('Je antwoorden zijn succesvol opgeslagen.')).toBeInTheDocument();
  });
});

describe("'Jouw gegevens'", () => {
  it("says 'Dit veld is verplicht.' under each empty required field, not zod's 'Required'; sends nothing", async () => {
    const user = makeUser('client', {
      name: '',
      last_name: '',
      phone_number: null,
      street: null,
      house_number: null,
      postcode: null,
      city: null,
    });
    const { calls } = installFakeFetch(on('GET', '/api/user', { status: 200, body: { data: user } }));
    wrap(<PersonalDataPage />);
    const save = await screen.findByRole('button', { name: 'Opslaan' });
    await act(async () => {
      fireEvent.click(save);
    });
    expect(await screen.findAllByText('Dit veld is verplicht.')).toHaveLength(7);
    expect(screen.queryByText('Required')).toBeNull();
    for (const label of ['Voornaam', 'Achternaam', 'Telefoonnummer', 'Straat', 'Huisnummer', 'Postcode', 'Plaats']) {
      expect(screen.getByRole('textbox', { name: label })).toHaveAccessibleDescription('Dit veld is verplicht.');
    }
    expect(screen.getByRole('textbox', { name: 'Tussenvoegsel' })).not.toHaveAttribute('aria-invalid');
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);
  });
});

describe("'Over jouw werkgever'", () => {
  it("leaves 'Bedrijfsnaam' optional: no mark, no error, saved without it", async () => {
    const myCase = makeClientCaseView(CASE_ID, 'lead');
    const { calls } = installFakeFetch(
      on('PATCH', `/api/cases/${CASE_ID}`, (request) => ({
        status: 200,
        body: { data: { ...myCase, ...(request.body as object), company_name: null, company_version: 2 } },
      })),
      on('GET', '/api/cases/mine', { status: 200, body: { data: myCase } }),
    );
    wrap(<CompanyForm myCase={myCase} />);
    const name = screen.getByRole('textbox', { name: 'Bedrijfsnaam' });
    expect(name).not.toBeRequired();
    expect(name).not.toHaveAttribute('aria-required');
    expect(screen.getByRole('textbox', { name: 'Plaats' })).toBeRequired();
    fireEvent.change(screen.getByRole('textbox', { name: 'Huisnummer' }), { target: { value: '5' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Postcode' }), { target: { value: '3011AA' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Plaats' }), { target: { value: 'Rotterdam' } });
    fireEvent.change(screen.getByRole('textbox', { name: /e-mailadres/i }), { target: { value: 'hr@bv.example' } });
    fireEvent.change(screen.getByRole('textbox', { name: /telefoon/i }), { target: { value: '0101234567' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    });
    expect(await screen.findByText('Je wijzigingen zijn succesvol opgeslagen')).toBeInTheDocument();
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({
      company_name: null,
      company_city: 'Rotterdam',
    });
  });
});

describe('a form saved from an older copy (two tabs)', () => {
  const STALE = 'Deze gegevens zijn intussen ergens anders gewijzigd. Vernieuw de pagina.';

  it("shows the 409 with 'Pagina vernieuwen', keeps typed text until pressed, then reloads the record", async () => {
    const loaded = makeUser('client', {
      name: 'Kees',
      last_name: 'Vries',
      phone_number: '0612345678',
      street: 'Dorpsstraat',
      house_number: '1',
      postcode: '1234 AB',
      city: 'Utrecht',
      version: 3,
    });
    const elsewhere = { ...loaded, name: 'Cornelis', version: 4 };
    let gets = 0;
    const { calls } = installFakeFetch(
      on('GET', '/api/user', () => {
        gets += 1;
        return { status: 200, body: { data: gets === 1 ? loaded : elsewhere } };
      }),
      on('PATCH', '/api/user', (request) =>
        (request.body as { version?: number }).version === 4
          ? { status: 200, body: { data: { ...elsewhere, city: 'Delft', version: 5 } } }
          : { status: 409, body: { message: STALE } },
      ),
    );
    wrap(<PersonalDataPage />);
    const city = await screen.findByRole('textbox', { name: 'Plaats' });
    fireEvent.change(city, { target: { value: 'Delft' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(STALE);
    expect(calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({ city: 'Delft', version: 3 });
    // Nothing typed is lost until the user chooses to reload.
    expect(screen.getByRole('textbox', { name: 'Plaats' })).toHaveValue('Delft');
    expect(screen.getByRole('textbox', { name: 'Voornaam' })).toHaveValue('Kees');

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Pagina vernieuwen' }));
    });
    expect(await screen.findByDisplayValue('Cornelis')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Plaats' })).toHaveValue('Utrecht');
    expect(screen.queryByText(STALE)).toBeNull();

    // The next save carries the version just loaded and is accepted.
    fireEvent.change(screen.getByRole('textbox', { name: 'Plaats' }), { target: { value: 'Delft' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    });
    expect(await screen.findByText('Je wijzigingen zijn succesvol opgeslagen')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => (c.body as { version?: number }).version)).toEqual([
      3, 4,
    ]);
  });

  it('keeps the story answers typed on a 409 and offers to reload them', async () => {
    let gets = 0;
    installFakeFetch(
      on('GET', '/api/client-questions', () => {
        gets += 1;
        return {
          status: 200,
          body: {
            data: [
              {
                id: Q1,
                text: 'Wat is er gebeurd?',
                answer: gets === 1 ? 'Eerst' : 'Uit het andere tabblad',
                version: gets,
              },
            ],
          },
        };
      }),
      on('POST', '/api/client-questions/answers', { status: 409, body: { message: STALE } }),
    );
    wrap(<StoryPage />);
    const answer = await screen.findByLabelText('Wat is er gebeurd?');
    fireEvent.change(answer, { target: { value: 'Mijn nieuwe tekst' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(STALE);
    expect(screen.getByLabelText('Wat is er gebeurd?')).toHaveValue('Mijn nieuwe tekst');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Pagina vernieuwen' }));
    });
    expect(await screen.findByDisplayValue('Uit het andere tabblad')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('contact persons saved from an older copy', () => {
  it('keeps the typed list on a 409, reloads the saved list and its version, and sends that version next', async () => {
    const STALE = 'Deze gegevens zijn intussen ergens anders gewijzigd. Vernieuw de pagina.';
    const saved = {
      id: '44444444-4444-4444-8444-444444444444',
      first_name: 'Ans',
      infix: null,
      last_name: 'Bos',
      job_title: null,
      email: 'ans@example.org',
      phone_number: null,
    };
    const { calls } = installFakeFetch(
      on('GET', '/api/cases/mine', {
        status: 200,
        body: { data: makeClientCaseView(CASE_ID, 'lead', { contact_persons: [saved], contact_persons_version: 5 }) },
      }),
      on('POST', `/api/cases/${CASE_ID}/contact-persons`, (request) =>
        (request.body as { version?: number }).version === 5
          ? { status: 200, body: { data: [saved], meta: { version: 6 } } }
          : { status: 409, body: { message: STALE } },
      ),
    );
    wrap(<ContactPersonsForm caseId={CASE_ID} contactPersons={[]} version={4} />);
    fireEvent.click(screen.getByRole('button', { name: 'Contactpersoon toevoegen' }));
    fireEvent.change(screen.getByLabelText(/Voornaam/), { target: { value: 'Petra' } });
    fireEvent.change(screen.getByLabelText(/Achternaam/), { target: { value: 'de Groot' } });
    fireEvent.change(screen.getByLabelText(/E-mailadres/), { target: { value: 'petra@example.org' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Contactpersonen opslaan' }));
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(STALE);
    expect(screen.getByLabelText(/Voornaam/)).toHaveValue('Petra');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Pagina vernieuwen' }));
    });
    expect(await screen.findByDisplayValue('Ans')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Contactpersonen opslaan' }));
    });
    expect(await screen.findByText('Je wijzigingen zijn succesvol opgeslagen')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => (c.body as { version?: number }).version)).toEqual([
      4, 5,
    ]);
  });
});
