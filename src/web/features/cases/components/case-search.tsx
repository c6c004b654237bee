import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CASE_SEARCH_MAX } from '../../../../contract/cases';
import { Button } from '../../../ui/button';

/**
 * The search box of 'Mijn dossiers': client name, company name or e-mail, accents and case
 * ignored. Give it `key={value}` so a new search from the URL resets the draft.
 */
export function CaseSearch({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState(value);
  return (
    <form
      role="search"
      aria-label={t('caseSearch.label')}
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(draft.trim());
      }}
    >
      <div className="flex min-w-0 flex-1 basis-56 flex-col gap-1.5">
        <label htmlFor={id} className="font-medium text-slate-900">
          {t('caseSearch.label')}
        </label>
        <input
          id={id}
          type="search"
          value={draft}
          maxLength={CASE_SEARCH_MAX}
          placeholder={t('caseSearch.placeholder')}
          autoComplete="off"
          onChange={(event) => setDraft(event.target.value)}
          className={
            'min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3 py-2 ' +
            'text-slate-900 placeholder:text-slate-600'
          }
        />
      </div>
      <Button type="submit">{t('caseSearch.submit')}</Button>
      {value && (
        <Button type="button" variant="secondary" onClick={() => onSearch('')}>
          {t('caseSearch.clear')}
        </Button>
      )}
    </form>
  );
}
