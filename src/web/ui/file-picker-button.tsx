import { useRef, type ReactNode } from 'react';
import { Button, type ButtonVariant } from './button';
import { UPLOAD_ACCEPT_ATTRIBUTE } from '../../contract/rules/upload-types';

/** A button that opens the file chooser; only the first chosen file is used. */
export function FilePickerButton({ onFile, children, variant = 'primary', busy, describedBy }: { onFile: (file: File) => void; children: ReactNode; variant?: ButtonVariant; busy?: boolean; describedBy?: string }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={UPLOAD_ACCEPT_ATTRIBUTE}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
      <Button variant={variant} busy={busy} aria-describedby={describedBy} onClick={() => input.current?.click()}>
        {children}
      </Button>
    </>
  );
}
