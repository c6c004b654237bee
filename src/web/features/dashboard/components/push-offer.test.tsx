import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/app-session';
import '../../../lib/i18n';
import { makeUser } from '../../../test/fixtures';
import { installFakeFetch } from '../../../test/fake-fetch';
import { PushOffer } from './push-offer';

const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36';

/** A browser that can have push, permission never asked, with the user agent of `agent`. */
function installBrowser(agent: string) {
  const requestPermission = vi.fn(async () => 'default' as NotificationPermission);
  vi.stubGlobal('Notification', { permission: 'default', requestPermission });
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: vi.fn(async () => undefined) },
  });
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(agent);
  return { requestPermission };
}

function renderOffer() {
  installFakeFetch();
  session.dispatch({ type: 'login', user: makeUser('client'), token: 't' });
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <PushOffer />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  session.dispatch({ type: 'clear' });
});

describe("the dashboard's offer of push notices", () => {
  it('shows on a phone without asking the browser anything, and is dismissed for good', async () => {
    const { requestPermission } = installBrowser(PHONE);
    const user = userEvent.setup();
    const view = renderOffer();
    expect(screen.getByRole('heading', { name: 'Meldingen op je telefoon' })).toBeInTheDocument();
    expect(requestPermission).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Nee, bedankt' }));
    expect(screen.queryByRole('heading', { name: 'Meldingen op je telefoon' })).not.toBeInTheDocument();
    expect(session.getState().settings.pushOfferAnswered).toBe(true);
    view.unmount();
    renderOffer();
    expect(screen.queryByRole('heading', { name: 'Meldingen op je telefoon' })).not.toBeInTheDocument();
    expect(requestPermission).not.toHaveBeenCalled();
  });

  it('is not offered on a desktop', () => {
    installBrowser('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36');
    renderOffer();
    expect(screen.queryByRole('heading', { name: 'Meldingen op je telefoon' })).not.toBeInTheDocument();
  });

  it('asks for permission only on the click, and says when the browser refuses', async () => {
    const { requestPermission } = installBrowser(PHONE);
    requestPermission.mockResolvedValue('denied');
    const user = userEvent.setup();
    renderOffer();
    await user.click(screen.getByRole('button', { name: 'Meldingen aanzetten' }));
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('alert')).toHaveTextContent('Je browser blokkeert meldingen van het portaal.');
    expect(session.getState().settings.pushOfferAnswered).toBeUndefined();
  });
});
