import { useTranslation } from 'react-i18next';

/**
 * The real extension of an uploaded file, shown next to its title in lists, so a file whose
 * name was made to look like something else is recognisable ('.exe', not 'pdf'). Nothing
 * when there is no file.
 */
export function FileExtension({ extension }: { extension: string | null | undefined }) {
  const { t } = useTranslation();
  if (!extension) return null;
  const label = extension.replace(/^\./, '').toUpperCase();
  return (
    <span
      className={
        'inline-block self-center rounded border border-slate-400 px-1.5 ' +
        'py-0.5 align-middle font-mono text-xs font-semibold text-slate-800'
      }
    >
      <span className="sr-only">{t('hardening.fileType')} </span>
      {label}
    </span>
  );
}
