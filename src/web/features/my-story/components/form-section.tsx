import type { ReactNode } from 'react';

/** A white card holding one form of the Mijn verhaal tabs. */
export function FormSection({
  title,
  description,
  children,
  headingId,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  headingId: string;
}) {
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-col gap-1">
        <h2 id={headingId} className="text-xl font-semibold text-slate-900">
          {title}
        </h2>
        {description && <p className="text-slate-700">{description}</p>}
      </div>
      {children}
    </section>
  );
}

/** Loading and error states shared by the tabs. */
export function TabStatus({
  loading,
  error,
  loadingText,
  errorText,
}: {
  loading: boolean;
  error: boolean;
  loadingText: string;
  errorText: string;
}) {
  if (loading) return <p role="status">{loadingText}</p>;
  if (error)
    return (
      <p role="alert" className="text-red-700">
        {errorText}
      </p>
    );
  return null;
}
