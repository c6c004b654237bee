import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { forgetUnsavedChanges, hasUnsavedChanges, useHasUnsavedChanges } from '../lib/unsaved-changes';
import { Button } from './button';
import { Dialog } from './dialog';

/**
 * Warns before leaving a page with unsaved form changes: an in-app navigation to another page
 * opens a dialog ('Blijven' or 'Pagina verlaten'); closing or reloading the tab gets the
 * browser's own question (browsers show their own text for that).
 */
export function UnsavedChangesGuard() {
  const dirty = useHasUnsavedChanges();
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!hasUnsavedChanges()) return;
      event.preventDefault();
      // Older browsers need returnValue set to ask.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);
  // The router's blocker exists only while a form is dirty: registering one updates the router's
  // state and re-renders every page, which a page load should not pay for.
  return dirty ? <LeaveBlocker /> : null;
}

/** The in-app part: React Router's blocker and its dialog. */
function LeaveBlocker() {
  const { t } = useTranslation();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => hasUnsavedChanges() && currentLocation.pathname !== nextLocation.pathname,
  );
  const blocked = blocker.state === 'blocked';
  return (
    <Dialog
      open={blocked}
      onOpenChange={(open) => {
        if (!open && blocker.state === 'blocked') blocker.reset();
      }}
      title={t('unsavedChanges.title')}
      description={t('unsavedChanges.text')}
      actions={
        <>
          <Button variant="secondary" onClick={() => blocker.reset?.()}>
            {t('unsavedChanges.stay')}
          </Button>
          <Button
            onClick={() => {
              forgetUnsavedChanges();
              blocker.proceed?.();
            }}
          >
            {t('unsavedChanges.leave')}
          </Button>
        </>
      }
    />
  );
}
