import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeFetch, on } from '../../test/fake-fetch';
import { ResendCode } from './resend-code';

describe('ResendCode', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-11-22T10:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const button = () => screen.getByRole('button', { name: /opnieuw/i });

  it('counts down 60 s from when the code was sent, then allows a resend that starts the cooldown again', async () => {
    const { calls } = installFakeFetch(on('POST', '/api/code', { status: 200, body: { message: 'ok' } }));
    render(<ResendCode email="kees@example.com" sentAt={Date.now()} />);
    expect(button()).toHaveTextContent('Code opnieuw sturen kan over 60 s');
    expect(button()).toBeDisabled();

    await act(async () => vi.advanceTimersByTimeAsync(21_000));
    expect(button()).toHaveTextContent('Code opnieuw sturen kan over 39 s');

    await act(async () => vi.advanceTimersByTimeAsync(39_000));
    expect(button()).toHaveTextContent('Stuur de code opnieuw');
    expect(button()).toBeEnabled();

    await act(async () => {
      fireEvent.click(button());
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/code')).toEqual([
      expect.objectContaining({ body: { email: 'kees@example.com' } }),
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('We hebben een nieuwe code gestuurd.');
    expect(button()).toHaveTextContent('Code opnieuw sturen kan over 60 s');
    expect(button()).toBeDisabled();

    await act(async () => vi.advanceTimersByTimeAsync(60_000));
    expect(button()).toBeEnabled();
  });

  it('runs only the rest of the cooldown when the page opens later (a reload)', () => {
    render(<ResendCode email="kees@example.com" sentAt={Date.now() - 45_000} />);
    expect(button()).toHaveTextContent('Code opnieuw sturen kan over 15 s');
  });

  it('shows the generic message when the resend fails, and still starts the cooldown', async () => {
    installFakeFetch(on('POST', '/api/code', { status: 429, body: { message: 'Wacht een minuut.' } }));
    render(<ResendCode email="kees@example.com" sentAt={null} />);
    expect(button()).toBeEnabled();
    await act(async () => {
      fireEvent.click(button());
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByText('Er is iets fout gegaan. Probeer het later opnieuw.')).toBeInTheDocument();
    expect(button()).toHaveTextContent('Code opnieuw sturen kan over 60 s');
  });

  it("says 'Geen e-mailadres gevonden' without an address", async () => {
    const { calls } = installFakeFetch();
    render(<ResendCode email="" sentAt={null} />);
    await act(async () => {
      fireEvent.click(button());
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByText('Geen e-mailadres gevonden')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
