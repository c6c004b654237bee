import { useRef, type ReactNode } from 'react';
import { Button, type ButtonVariant } from './button';
import { UPLOAD_ACCEPT_ATTRIBUTE } from '../../contract/rules/upload-types';

interface PickerInputOptions {
  /** What the chooser offers; the accepted document types unless said otherwise. */
  accept?: string;
  id?: string;
  testId?: string;
}

/**
 * The hidden file input behind every "choose a file" control: `input` goes in the page, `open()`
 * shows the browser's file chooser. Only the first chosen file is used, and the input is emptied
 * at once, so choosing the same file again counts.
 */
export function useFilePicker(
  onFile: (file: File) => void,
  { accept = UPLOAD_ACCEPT_ATTRIBUTE, id, testId }: PickerInputOptions = {},
) {
  const ref = useRef<HTMLInputElement>(null);
  const input = (
    <input
      ref={ref}
      id={id}
      type="file"
      accept={accept}
      className="sr-only"
      tabIndex={-1}
      aria-hidden="true"
      data-testid={testId}
      onChange={(event) => {
        const file = event.target.files?.[0];
        event.target.value = '';
        if (file) onFile(file);
      }}
    />
  );
  return { input, open: () => ref.current?.click() };
}

interface FilePickerButtonProps extends PickerInputOptions {
  onFile: (file: File) => void;
  children: ReactNode;
  variant?: ButtonVariant;
  busy?: boolean;
  describedBy?: string | undefined;
  className?: string;
  /** The button's name when its content is an icon only. */
  label?: string;
}

/** A button that opens the file chooser; only the first chosen file is used. */
export function FilePickerButton({
  onFile,
  children,
  variant = 'primary',
  busy,
  describedBy,
  className,
  label,
  ...input
}: FilePickerButtonProps) {
  const picker = useFilePicker(onFile, input);
  return (
    <>
      {picker.input}
      <Button
        variant={variant}
        busy={busy}
        className={className}
        aria-label={label}
        aria-describedby={describedBy}
        onClick={picker.open}
      >
        {children}
      </Button>
    </>
  );
}
