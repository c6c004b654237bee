import { useState, type ReactNode } from 'react';
import { downloadFromApi } from '../lib/download';
import { Button, type ButtonVariant } from './button';

/**
 * A button that saves a file of the API under `filename`: the request carries the session's
 * token, so it cannot be a plain link. Busy while it loads; `failedMessage` shows under it when
 * the download fails.
 */
export function DownloadButton({
  path,
  filename,
  failedMessage,
  variant = 'secondary',
  children,
}: {
  path: string;
  filename: string;
  failedMessage: string;
  variant?: ButtonVariant;
  children: ReactNode;
}) {
  const [failed, setFailed] = useState(false);
  return (
    <span className="flex flex-col gap-1">
      <Button
        variant={variant}
        className="w-full sm:w-fit"
        onClick={async () => {
          setFailed(false);
          try {
            await downloadFromApi(path, filename);
          } catch {
            setFailed(true);
          }
        }}
      >
        {children}
      </Button>
      {failed && (
        <span role="alert" className="text-sm font-medium text-red-800">
          {failedMessage}
        </span>
      )}
    </span>
  );
}
