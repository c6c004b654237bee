import { Component, type ErrorInfo, type ReactNode } from 'react';
import { i18n } from '../../lib/i18n';

type State = { error: Error | null };

/**
 * The rendering-error fallback around the whole app: anything that escapes the router's own
 * error pages (a provider, the router itself) shows this page instead of a blank screen.
 */
export class RenderErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Rendering error', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return <RenderErrorFallback error={this.state.error} />;
  }
}

export function RenderErrorFallback({ error }: { error: Error }) {
  // i18n may be what failed: every text has its Dutch default.
  const t = (key: string, fallback: string) =>
    i18n.isInitialized ? i18n.t(key, { defaultValue: fallback }) : fallback;
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col justify-center gap-4 px-4 py-12">
      <h1 className="text-2xl font-bold text-slate-900">{t('errors.render.title', 'Er is iets misgegaan')}</h1>
      <p className="text-slate-800">
        {t(
          'errors.render.body',
          'De pagina kon niet worden getoond. Laad de pagina opnieuw of probeer het later nog eens.',
        )}
      </p>
      <p className="font-mono text-sm break-words text-slate-700">{error.message}</p>
      <p className="flex flex-wrap gap-3">
        <button
          type="button"
          className="min-h-11 rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
          onClick={() => window.location.reload()}
        >
          {t('errors.page.reload', 'Pagina opnieuw laden')}
        </button>
        <a
          href="/"
          className="inline-flex min-h-11 items-center font-medium text-brand-700 underline underline-offset-4"
        >
          {t('errors.backHome', 'Terug naar home')}
        </a>
      </p>
    </main>
  );
}
