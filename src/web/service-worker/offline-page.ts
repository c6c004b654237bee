/**
 * The script of the offline page (/offline.js): the page comes back by itself once the
 * connection does, and speaks English when the stored settings chose it (the translations come
 * from the service worker's cache). The page is written in Dutch at build time (scripts/pwa.ts).
 */

/** How often the page checks whether the portal answers again while the device says it is online. */
const RETRY_MS = 10_000;

function reload(): void {
  window.location.reload();
}

function storedLanguage(): string | undefined {
  try {
    const state = JSON.parse(localStorage.getItem('state') ?? '{}') as { settings?: { language?: unknown } };
    return typeof state.settings?.language === 'string' ? state.settings.language : undefined;
  } catch {
    return undefined;
  }
}

function lookup(texts: unknown, key: string): string | undefined {
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], texts);
  return typeof value === 'string' ? value : undefined;
}

async function translate(language: string): Promise<void> {
  const response = await fetch(`/i18n/${language}.json`);
  if (!response.ok) return;
  const texts: unknown = await response.json();
  for (const element of document.querySelectorAll<HTMLElement>('[data-i18n]')) {
    const text = lookup(texts, element.dataset.i18n ?? '');
    if (text) element.textContent = text;
  }
  for (const element of document.querySelectorAll<HTMLImageElement>('[data-i18n-alt]')) {
    const text = lookup(texts, element.dataset.i18nAlt ?? '');
    if (text) element.alt = text;
  }
  document.documentElement.lang = language;
}

export function startOfflinePage(): void {
  window.addEventListener('online', reload);
  document.getElementById('offline-retry')?.addEventListener('click', reload);
  // Online but the portal did not answer (a server restart, a captive network): ask now and then.
  window.setInterval(() => {
    if (!navigator.onLine) return;
    fetch('/healthz', { cache: 'no-store' }).then(
      (response) => response.ok && reload(),
      () => undefined,
    );
  }, RETRY_MS);
  const language = storedLanguage();
  if (language === 'en-US') void translate(language).catch(() => undefined);
}

startOfflinePage();
