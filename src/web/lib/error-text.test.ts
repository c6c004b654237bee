import { describe, expect, it, vi } from 'vitest';
import { i18n } from './i18n';
import { ApiError } from './api-client';
import { applyServerErrors, getErrorText, translateValidation } from './error-text';

const t = i18n.t.bind(i18n);

describe('getErrorText', () => {
  it('gives the Dutch generic message for server errors and unknown exceptions', () => {
    expect(getErrorText(new ApiError('server', { status: 500, serverMessage: 'stack trace' }), t)).toBe(
      'Er is iets fout gegaan. Probeer het later opnieuw.',
    );
    expect(getErrorText(new Error('x'), t)).toBe('Er is iets fout gegaan. Probeer het later opnieuw.');
  });
  it('shows the 401 message, else the translated one', () => {
    expect(getErrorText(new ApiError('unauthenticated', { status: 401, serverMessage: 'Sessie verlopen.' }), t)).toBe(
      'Sessie verlopen.',
    );
    expect(getErrorText(new ApiError('unauthenticated', { status: 401 }), t)).toBe(
      'Je bent niet ingelogd of je sessie is verlopen. Log opnieuw in.',
    );
  });
  it('names a contract mismatch', () => {
    expect(getErrorText(new ApiError('invalid-response', { status: 200 }), t)).toBe(
      'Ongeldige gegevensstructuur ontvangen.',
    );
  });
});

describe('applyServerErrors', () => {
  it('puts 422 field errors under their fields, the first text of each', () => {
    const setError = vi.fn();
    const error = new ApiError('validation', {
      status: 422,
      serverMessage: 'x',
      fieldErrors: { email: ['Ongeldig adres', 'tweede'] },
    });
    expect(applyServerErrors(error, setError, ['email'], t)).toBe(true);
    expect(setError).toHaveBeenCalledTimes(1);
    expect(setError).toHaveBeenCalledWith(
      'email',
      { type: 'server', message: 'Ongeldig adres' },
      { shouldFocus: true },
    );
  });

  it('shows errors of fields the form does not have, or a lone message, as the form error', () => {
    const setError = vi.fn();
    applyServerErrors(
      new ApiError('validation', { status: 422, serverMessage: 'Alleen dit.', fieldErrors: {} }),
      setError,
      ['email'],
      t,
    );
    expect(setError).toHaveBeenCalledWith('root.server', { type: 'server', message: 'Alleen dit.' });

    const other = vi.fn();
    applyServerErrors(
      new ApiError('validation', { status: 422, serverMessage: 'm', fieldErrors: { token: ['Verlopen'] } }),
      other,
      ['email'],
      t,
    );
    expect(other).toHaveBeenCalledWith('root.server', { type: 'server', message: 'Verlopen' });
  });

  it('turns every other failure into the generic form error', () => {
    const setError = vi.fn();
    expect(applyServerErrors(new ApiError('server', { status: 500 }), setError, ['email'], t)).toBe(false);
    expect(setError).toHaveBeenCalledWith('root.server', {
      type: 'server',
      message: 'Er is iets fout gegaan. Probeer het later opnieuw.',
    });
  });
});

describe('translateValidation', () => {
  it('translates keys of the one error map and passes server texts through', () => {
    expect(translateValidation('validation.invalidEmail', t)).toBe('Vul een geldig e-mailadres in.');
    expect(translateValidation('validation.answerRequired', t)).toBe('Antwoord is verplicht');
    expect(translateValidation('Maximaal 250 tekens.', t)).toBe('Maximaal 250 tekens.');
    expect(translateValidation(undefined, t)).toBeUndefined();
  });
});
