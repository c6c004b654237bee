import { cn } from './cn';

/** The firm's logo (public/logo.svg); `label` is its text alternative. */
export function Logo({ label, className }: { label: string; className?: string }) {
  return <img src="/logo.svg" alt={label} className={cn('block h-auto', className)} width={300} height={64} />;
}
