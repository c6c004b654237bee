import { useState } from 'react';
import { hasAvatar } from '../../contract/rules/display-name';
import { cn } from './cn';

export const DEFAULT_AVATAR_URL = '/default-avatar.svg';

/** A profile photo, or the default avatar when there is none (or it fails to load). */
export function Avatar({
  src,
  alt = '',
  className,
}: {
  src: string | null | undefined;
  alt?: string;
  className?: string;
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const usable = hasAvatar(src) && src !== failedSrc ? src : DEFAULT_AVATAR_URL;
  return (
    <img
      src={usable}
      alt={alt}
      width={40}
      height={40}
      className={cn('size-10 shrink-0 rounded-full bg-slate-200 object-cover', className)}
      onError={() => {
        if (usable !== DEFAULT_AVATAR_URL) setFailedSrc(usable);
      }}
    />
  );
}
