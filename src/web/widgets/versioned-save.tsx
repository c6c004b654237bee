import { useState } from 'react';
import { SuccessMessage, useSuccessMessage } from '../ui/success-message';
import { StaleWriteNotice, useStaleWrite } from './stale-write-notice';

export type VersionedSaveOptions<Saved, Version> = {
  /** The version of the record as the form was loaded: sent with the save, so an older copy is refused (409). */
  version: Version;
  /** The version a stored record carries. */
  versionOf: (record: Saved) => Version;
  /** Puts a record into the form: the one just saved, or the one read anew after a 409. */
  show: (record: Saved) => void;
  /** Reads the record anew (after a 409); undefined when that fails. */
  reload: () => Promise<Saved | undefined>;
};

/**
 * The save of a form that refuses stale writes (decision 046): it sends the version the form
 * shows, and then either shows what was stored (with its new version and a success message) or,
 * on a 409, keeps what the user typed and offers to load the record anew. Any other failure goes
 * to `onError` (usually the form's `serverErrors`).
 *
 * ```tsx
 * const versioned = useVersionedSave({
 *   version: user.version,
 *   versionOf: (saved) => saved.version,
 *   show: (saved) => form.reset(toForm(saved)),
 *   reload: () => queryClient.fetchQuery({ ...currentUserQueryOptions(), staleTime: 0 }).catch(() => undefined),
 * });
 * const onSubmit = form.handleSubmit((values) =>
 *   versioned.save((version) => update.mutateAsync({ ...values, version }), {
 *     savedText: t('account.profile.saved'),
 *     onError: form.serverErrors,
 *   }),
 * );
 * <VersionedSaveNotices save={versioned} />
 * ```
 */
export function useVersionedSave<Saved, Version>(options: VersionedSaveOptions<Saved, Version>) {
  const [version, setVersion] = useState(options.version);
  const stale = useStaleWrite();
  const success = useSuccessMessage();
  const show = (record: Saved) => {
    options.show(record);
    setVersion(options.versionOf(record));
    stale.clear();
  };
  return {
    /** The version the form shows. */
    version,
    /** Sends the save with the version the form shows; answers the stored record, or undefined when refused. */
    save: async (
      send: (version: Version) => Promise<Saved>,
      handlers: { savedText: string | (() => string); onError: (error: unknown) => void },
    ): Promise<Saved | undefined> => {
      try {
        const saved = await send(version);
        show(saved);
        success.show(typeof handlers.savedText === 'string' ? handlers.savedText : handlers.savedText());
        return saved;
      } catch (error) {
        if (!stale.take(error)) handlers.onError(error);
        return undefined;
      }
    },
    /** Shows a record stored by another way (a confirmation step) with its version. */
    show,
    /** Loads the record anew after a 409; what the user typed is dropped only then. */
    reload: async () => {
      const fresh = await options.reload();
      if (fresh !== undefined) show(fresh);
    },
    staleMessage: stale.message,
    success,
  };
}

export type VersionedSave = Pick<ReturnType<typeof useVersionedSave>, 'staleMessage' | 'reload' | 'success'>;

/** The 409 notice with its reload button and the success message of a versioned save. */
export function VersionedSaveNotices({ save }: { save: VersionedSave }) {
  return (
    <>
      <StaleWriteNotice message={save.staleMessage} onReload={save.reload} />
      <SuccessMessage message={save.success.message} token={save.success.token} />
    </>
  );
}
