import { Fragment } from 'react';
import { cn } from './cn';

/**
 * An e-mail address that wraps where a reader expects it: a line may break before '@' and
 * before each '.', '-', '_' or '+' (`<wbr>`), so 'jan.de.vries@' never splits mid-word; a part
 * still wider than its box breaks anywhere as a last resort (`overflow-wrap: anywhere`).
 */
export function EmailAddress({ value, className }: { value: string; className?: string }) {
  const parts = value.split(/(?=[@.\-_+])/);
  return (
    <span className={cn('[overflow-wrap:anywhere]', className)} data-email-address="">
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
