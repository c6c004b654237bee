import { useState, type ComponentProps, type MouseEvent } from 'react';
import { cn } from './cn';
import { Spinner } from './spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'link';

export const buttonClasses: Record<ButtonVariant, string> = {
  primary:
    'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-brand-700 px-5 py-2.5 ' +
    'font-semibold text-white shadow-sm hover:bg-brand-800 aria-disabled:cursor-not-allowed ' +
    'aria-disabled:opacity-70 disabled:cursor-not-allowed disabled:bg-slate-400',
  secondary:
    'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-brand-700 bg-white ' +
    'px-5 py-2.5 font-semibold text-brand-700 hover:bg-brand-50 aria-disabled:cursor-not-allowed ' +
    'aria-disabled:opacity-70 disabled:cursor-not-allowed disabled:border-slate-300 ' +
    'disabled:text-slate-600',
  ghost:
    'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-3 py-2 font-medium ' +
    'text-slate-800 hover:bg-slate-100 aria-disabled:cursor-not-allowed disabled:cursor-not-allowed ' +
    'disabled:text-slate-600',
  link:
    'inline-flex items-center gap-1 font-medium text-brand-700 underline underline-offset-4 ' +
    'hover:text-brand-900 disabled:cursor-not-allowed disabled:text-slate-600 disabled:no-underline',
};

export type ButtonProps = Omit<ComponentProps<'button'>, 'onClick'> & {
  variant?: ButtonVariant;
  /** Shows the busy state (a spinner; clicks are ignored while it lasts). */
  busy?: boolean;
  /** An async handler shows the busy state until its promise settles. */
  onClick?: (event: MouseEvent<HTMLButtonElement>) => unknown;
};

/**
 * A button with a busy state. While busy it stays focusable (aria-disabled, not disabled) so a
 * keyboard user keeps their place, and every click, including the implicit submit of a form
 * by Enter, is ignored.
 */
export function Button({
  variant = 'primary',
  busy = false,
  onClick,
  className,
  type = 'button',
  children,
  ...rest
}: ButtonProps) {
  const [running, setRunning] = useState(false);
  const isBusy = busy || running;

  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (isBusy) {
      event.preventDefault();
      return;
    }
    const result = onClick?.(event);
    if (result instanceof Promise) {
      setRunning(true);
      result.then(
        () => setRunning(false),
        () => setRunning(false),
      );
    }
  };

  return (
    <button
      type={type}
      className={cn(buttonClasses[variant], className)}
      aria-busy={isBusy || undefined}
      aria-disabled={isBusy || undefined}
      onClick={handleClick}
      {...rest}
    >
      {isBusy && <Spinner />}
      {children}
    </button>
  );
}
