import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RecoveryCodeList, TotpSetup } from './totp-setup';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const QR = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>';

function withClipboard() {
  const writeText = vi.fn(async () => undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return writeText;
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('setting up the authenticator app', () => {
  it('shows the whole key in groups of four in a labelled field that wraps, and copies it without spaces', async () => {
    const writeText = withClipboard();
    render(<TotpSetup secret={SECRET} qrSvg={QR} />);
    const key = screen.getByRole('textbox', { name: 'Sleutel om handmatig in te voeren' });
    expect(key).toHaveValue('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(key).toHaveAttribute('readonly');
    expect(key.tagName).toBe('TEXTAREA');
    expect(key).toHaveAccessibleDescription('Kun je de QR-code niet scannen? Voer deze sleutel dan in je app in.');
    await userEvent.click(screen.getByRole('button', { name: /Kopieer sleutel/ }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Sleutel gekopieerd'));
  });

  it('offers no copy button where the browser has no clipboard; the key stays selectable', () => {
    render(<TotpSetup secret={SECRET} qrSvg={QR} />);
    expect(screen.queryByRole('button', { name: /Kopieer/ })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Sleutel om handmatig in te voeren' })).toBeInTheDocument();
  });

  it('lets the recovery codes be copied and downloaded as a text file', async () => {
    const writeText = withClipboard();
    const codes = ['ABCDE-FGHIJ', 'KLMNO-PQRST'];
    render(<RecoveryCodeList codes={codes} />);
    expect(screen.getByRole('list', { name: 'Herstelcodes' })).toHaveTextContent('ABCDE-FGHIJ');
    const link = screen.getByRole('link', { name: 'Download als tekstbestand' });
    expect(link).toHaveAttribute('download', 'herstelcodes-ontslagportaal.txt');
    const href = link.getAttribute('href') ?? '';
    expect(href.startsWith('data:text/plain;charset=utf-8,')).toBe(true);
    const text = decodeURIComponent(href.slice(href.indexOf(',') + 1));
    expect(text).toContain('ABCDE-FGHIJ\nKLMNO-PQRST');
    expect(text).toContain('Elke code werkt één keer.');
    await userEvent.click(screen.getByRole('button', { name: /Kopieer codes/ }));
    expect(writeText).toHaveBeenCalledWith('ABCDE-FGHIJ\nKLMNO-PQRST');
  });
});
