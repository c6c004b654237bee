import { describe, expect, it } from 'vitest';
import { cacheName, parseNotice, pickWindow, portalPath, staleCaches, strategyFor } from './rules';

const origin = 'https://portaal.example.nl';
const shell = ['/offline.html', '/i18n/nl-NL.json', '/icons/icon-192.png'];
const get = (path: string, mode = 'cors') => ({ url: origin + path, method: 'GET', mode });

describe('what the service worker keeps', () => {
  it('never touches an API answer, a file or a document, also not on a navigation', () => {
    for (const path of ['/api/cases', '/api/user', '/api', '/files/documents/1', '/files/avatars/a.png'])
      expect(strategyFor(get(path), origin, shell)).toBe('none');
    expect(strategyFor(get('/api/cases/1/export', 'navigate'), origin, shell)).toBe('none');
    expect(strategyFor(get('/files/exports/1', 'navigate'), origin, shell)).toBe('none');
  });

  it('answers navigations from the network with the offline page behind them', () => {
    expect(strategyFor(get('/berichten', 'navigate'), origin, shell)).toBe('navigate');
  });

  it('keeps hashed assets and the shell, nothing of another site, and no other method than GET', () => {
    expect(strategyFor(get('/assets/core-abc.js'), origin, shell)).toBe('immutable');
    expect(strategyFor(get('/i18n/nl-NL.json'), origin, shell)).toBe('shell');
    expect(strategyFor(get('/images/articles/a.jpg'), origin, shell)).toBe('none');
    expect(strategyFor(get('/i18n/nl-NL.json?x=1'), origin, shell)).toBe('none');
    expect(
      strategyFor({ url: 'https://cdn.example.com/assets/a.js', method: 'GET', mode: 'cors' }, origin, shell),
    ).toBe('none');
    expect(strategyFor({ ...get('/assets/a.js'), method: 'POST' }, origin, shell)).toBe('none');
  });

  it('deletes the caches of other versions only', () => {
    const names = [cacheName('old'), cacheName('new'), 'someone-else'];
    expect(staleCaches(names, 'new')).toEqual([cacheName('old')]);
  });
});

describe('push notices', () => {
  it('reads the payload the server sends', () => {
    const payload = {
      title: 'Nieuw bericht',
      body: 'Je jurist heeft je een bericht gestuurd',
      url: '/berichten',
      tag: 'm',
    };
    expect(parseNotice(payload, origin)).toEqual(payload);
  });

  it('refuses a payload without a title, and sends a link elsewhere to the portal home', () => {
    expect(parseNotice({ body: 'x' }, origin)).toBeNull();
    expect(parseNotice('text', origin)).toBeNull();
    expect(parseNotice({ title: 'T', url: 'https://evil.example/' }, origin)?.url).toBe('/');
    expect(portalPath('//evil.example/x', origin)).toBe('/');
    expect(portalPath('javascript:alert(1)', origin)).toBe('/');
    expect(portalPath('/schikking?v=2#top', origin)).toBe('/schikking?v=2#top');
  });

  it('opens the tab already on the page, else the focused portal tab, else none', () => {
    const onPage = { url: `${origin}/berichten`, focused: false };
    const focused = { url: `${origin}/`, focused: true };
    const other = { url: 'https://other.example/berichten', focused: true };
    expect(pickWindow([focused, onPage], '/berichten', origin)).toBe(onPage);
    expect(pickWindow([other, focused], '/berichten', origin)).toBe(focused);
    expect(pickWindow([other], '/berichten', origin)).toBeUndefined();
  });
});
