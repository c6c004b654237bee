import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from './cn';
import { useReturnFocus } from './return-focus';
import type { DialogProps } from './dialog';

/**
 * The modal dialog itself (Radix): focus is trapped and returned, Escape and a click outside
 * close it. Loaded by `ui/dialog.tsx` once a dialog opens, or after the first paint.
 */
export function DialogImpl({
  open,
  onOpenChange,
  title,
  description,
  children,
  actions,
  className,
  focusOnClose,
}: DialogProps) {
  const { t } = useTranslation();
  // Opened from outside (no Radix trigger): focus goes back to whatever opened it, or to `focusOnClose()`.
  const returnFocus = useReturnFocus(focusOnClose);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/60" />
        <RadixDialog.Content
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={returnFocus.onOpenAutoFocus}
          onCloseAutoFocus={returnFocus.onCloseAutoFocus}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg ' +
              '-translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl',
            className,
          )}
        >
          <div className="flex items-start justify-between gap-4">
            <RadixDialog.Title className="text-lg font-semibold text-slate-900">{title}</RadixDialog.Title>
            <RadixDialog.Close
              className={
                '-m-2 inline-flex size-11 shrink-0 items-center ' +
                'justify-center rounded-lg text-slate-800 hover:bg-slate-100'
              }
            >
              <X className="size-5" aria-hidden="true" />
              <span className="sr-only">{t('dialog.close')}</span>
            </RadixDialog.Close>
          </div>
          {description && <RadixDialog.Description className="text-slate-800">{description}</RadixDialog.Description>}
          {children}
          {actions && <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">{actions}</div>}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
