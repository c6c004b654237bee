import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminLawyer } from '../../../contract/admin';
import { forgetUnsavedChanges, hasUnsavedChanges } from '../../lib/unsaved-changes';
import { makeUser, site } from '../../test/fixtures';
import { installFakeFetch, on } from '../../test/fake-fetch';
import { renderApp } from '../../test/render-app';

const created: AdminLawyer = {
  id: '7a1c1a52-3a0e-4a43-9d55-2f1c0a8e9b11',
  name: 'Noor',
  last_name: 'Bakker',
  full_name: 'Noor Bakker',
  email: 'noor.bakker@example.com',
  title: null,
  active: true,
  deactivated_at: null,
  two_factor_enabled: false,
  active_cases_count: 0,
};

afterEach(() => forgetUnsavedChanges());

describe('admin lawyers page: the new-lawyer form', () => {
  it('asks before leaving with a half-typed lawyer, and not once the lawyer is added', async () => {
    const admin = makeUser('admin');
    let lawyers: AdminLawyer[] = [];
    installFakeFetch(
      on('GET', '/api/site', { status: 200, body: { data: site } }),
      on('GET', '/api/user', { status: 200, body: { data: admin } }),
      on('GET', '/api/admin/lawyers', () => ({ status: 200, body: { data: lawyers } })),
      on('GET', '/api/admin/audit?page=1', { status: 200, body: { data: [], meta: { current_page: 1, per_page: 50, has_more: false } } }),
      on('POST', '/api/admin/lawyers', () => {
        lawyers = [created];
        return { status: 201, body: { data: created } };
      }),
    );
    const user = userEvent.setup();
    renderApp('/beheer', { user: admin });
    const first = await screen.findByRole('textbox', { name: 'Voornaam' });
    expect(hasUnsavedChanges()).toBe(false);
    await user.type(first, 'Noor');
    expect(hasUnsavedChanges()).toBe(true);

    const nav = await screen.findByRole('navigation', { name: 'Hoofdmenu' });
    await user.click(within(nav).getByRole('link', { name: 'Audit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Wijzigingen niet opgeslagen' });
    await user.click(within(dialog).getByRole('button', { name: 'Blijven' }));
    expect(screen.getByRole('textbox', { name: 'Voornaam' })).toHaveValue('Noor');

    await user.type(screen.getByRole('textbox', { name: 'Achternaam' }), 'Bakker');
    await user.type(screen.getByRole('textbox', { name: 'E-mailadres' }), 'noor.bakker@example.com');
    await user.click(screen.getByRole('button', { name: 'Jurist toevoegen' }));
    expect(await screen.findByText(/Noor Bakker is toegevoegd/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Voornaam' })).toHaveValue('');
    expect(hasUnsavedChanges()).toBe(false);
    await user.click(within(nav).getByRole('link', { name: 'Audit' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit' })).toBeInTheDocument();
    expect(screen.queryByText('Wijzigingen niet opgeslagen')).toBeNull();
  }, 40_000);
});
