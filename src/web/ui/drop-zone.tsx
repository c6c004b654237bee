import { UploadCloud } from 'lucide-react';
import { useId, useState, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type ButtonVariant } from './button';
import { cn } from './cn';
import { FilePickerButton } from './file-picker-button';
import { AcceptedUploadTypes, refuseUpload, useMaxUploadMb } from './upload-limits';

/**
 * Drag-and-drop handlers for an element that takes a file: `over` while a file is dragged
 * over it; the first dropped file goes to `onFile`, none while `busy`.
 */
export function useFileDrop(onFile: (file: File) => void, busy = false) {
  const [over, setOver] = useState(false);
  const handlers = {
    onDragOver: (event: DragEvent) => {
      event.preventDefault();
      event.dataTransfer.dropEffect = busy ? 'none' : 'copy';
      setOver(true);
    },
    onDragLeave: () => setOver(false),
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      setOver(false);
      const file = event.dataTransfer.files[0];
      if (file && !busy) onFile(file);
    },
  };
  return { over, handlers };
}

/** The share of a file sent so far, as a progress bar with its number (not only a spinner). */
export function UploadProgressBar({ percent, className }: { percent: number; className?: string }) {
  const { t } = useTranslation();
  return (
    <div className={cn('flex w-full max-w-xs items-center gap-2', className)}>
      <div
        role="progressbar"
        aria-label={t('documents.upload.progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-700 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <span className="w-12 text-right text-sm font-semibold text-slate-900 tabular-nums">
        {t('documents.upload.percent', { percent })}
      </span>
    </div>
  );
}

export type DropZoneProps = {
  /** Gets the first dropped or chosen file. */
  onFile: (file: File) => void;
  /**
   * The label of the button that opens the file chooser (reachable by keyboard). Without it the
   * zone only takes dropped files: the chooser is then elsewhere (the lawyer's 'Meer acties' menu).
   */
  children?: ReactNode;
  variant?: ButtonVariant;
  busy?: boolean;
  /** Share of the file sent so far (0–100) while uploading; null when not known yet. */
  percent?: number | null;
  /** The hint under the button; default 'of sleep je bestand hierheen'. */
  hint?: ReactNode;
  /** Ids of texts that describe the button (a field error, say). */
  describedBy?: string;
};

/**
 * A styled drop zone for a document: drag a file onto it, or press the button to choose one.
 * It names the accepted types and the size limit before a file is chosen, and refuses a file
 * over the limit with a message instead of sending it. While the file goes up it shows the
 * percentage sent as a progress bar with its number.
 */
export function DropZone({
  onFile,
  children,
  variant = 'primary',
  busy = false,
  percent = null,
  hint,
  describedBy,
}: DropZoneProps) {
  const { t } = useTranslation();
  const id = useId();
  const maxMb = useMaxUploadMb();
  const [refusal, setRefusal] = useState<string | null>(null);
  const take = (file: File) => {
    const reason = refuseUpload(file, maxMb, t);
    setRefusal(reason);
    if (!reason) onFile(file);
  };
  const { over, handlers } = useFileDrop(take, busy);
  const described =
    [describedBy, maxMb !== null ? `${id}-types` : '', refusal ? `${id}-refusal` : ''].filter(Boolean).join(' ') ||
    undefined;
  return (
    <div
      data-testid="drop-zone"
      {...handlers}
      className={cn(
        'flex-col items-center gap-2 rounded-xl border-2 border-dashed px-4 py-4 text-center transition-colors',
        over ? 'border-brand-700 bg-brand-50' : 'border-slate-300 bg-slate-50',
        // A zone that only takes drops is no use on a phone (nothing to drag there): shown from sm up, or while its
        // upload runs.
        children || busy ? 'flex' : 'hidden sm:flex',
      )}
    >
      <UploadCloud className="size-6 text-brand-700" aria-hidden="true" />
      {children && (
        <FilePickerButton onFile={take} variant={variant} busy={busy} describedBy={described}>
          {children}
        </FilePickerButton>
      )}
      <p className="text-sm text-slate-700">{hint ?? t('documents.upload.dropHint')}</p>
      <AcceptedUploadTypes id={`${id}-types`} />
      {refusal && (
        <p id={`${id}-refusal`} role="alert" className="text-sm font-medium [overflow-wrap:anywhere] text-red-700">
          {refusal}
        </p>
      )}
      {busy && percent !== null && <UploadProgressBar percent={percent} />}
    </div>
  );
}
