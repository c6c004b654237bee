import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../ui/spinner';
import { useRedline } from '../api';

/**
 * The redline of a version against the one before it (GET /api/settlement-versions/{id}/redline).
 * Insertions and deletions are told apart by more than colour: <ins> is underlined and <del>
 * struck through, each opens and closes with words a screen reader reads ('begin toevoeging:'),
 * and a legend above says how to read them. With too many changes to mark, the previous text and
 * this one stand side by side (one above the other on a narrow screen).
 */
export function RedlineView({ versionId, id }: { versionId: string; id: string }) {
  const { t } = useTranslation();
  const redline = useRedline(versionId, true);
  if (redline.isPending) {
    return (
      <p id={id} role="status" className="flex items-center gap-2 text-slate-800">
        <Spinner />
        {t('settlement.version.loading')}
      </p>
    );
  }
  if (redline.isError) {
    return (
      <p id={id} role="alert" className="text-red-800">
        {t('settlement.version.error')}
      </p>
    );
  }
  if (redline.data.meta.pending) {
    return (
      <p id={id} role="status" className="text-slate-800">
        {t('settlement.version.redlinePending')}
      </p>
    );
  }
  if (redline.data.meta.too_many_changes) {
    const previous = redline.data.parts.find((part) => part.op === 'delete')?.text ?? '';
    const current = redline.data.parts.find((part) => part.op === 'insert')?.text ?? '';
    return (
      <div id={id} className="flex flex-col gap-3">
        <p className="text-sm text-slate-800">{t('settlement.version.tooManyChanges')}</p>
        <div className="grid gap-3 md:grid-cols-2">
          {[
            [t('settlement.version.previousText'), previous],
            [t('settlement.version.thisText'), current],
          ].map(([heading, text]) => (
            <figure key={heading} className="flex min-w-0 flex-col gap-1">
              <figcaption className="text-sm font-semibold text-slate-900">{heading}</figcaption>
              <div
                className={
                  'max-h-[32rem] overflow-y-auto rounded-lg border border-slate-300 bg-slate-50 p-3 ' +
                  'leading-relaxed break-words whitespace-pre-wrap text-slate-900'
                }
              >
                {text}
              </div>
            </figure>
          ))}
        </div>
      </div>
    );
  }
  const changed = redline.data.parts.some((part) => part.op !== 'equal');
  return (
    <div id={id} className="flex flex-col gap-3">
      {changed ? (
        <p className="text-sm text-slate-800">
          {t('settlement.version.legend')}{' '}
          <ins className="bg-green-100 text-green-950 underline decoration-2 underline-offset-2">
            {t('settlement.version.legendInserted')}
          </ins>
          ,{' '}
          <del className="bg-red-100 text-red-950 line-through decoration-2">
            {t('settlement.version.legendDeleted')}
          </del>
          .
        </p>
      ) : (
        <p className="text-sm text-slate-800">{t('settlement.version.noTextChanges')}</p>
      )}
      <div
        className={
          'max-h-[32rem] overflow-y-auto rounded-lg border border-slate-300 bg-slate-50 p-3 ' +
          'leading-relaxed break-words whitespace-pre-wrap text-slate-900'
        }
      >
        {redline.data.parts.map((part, index) => {
          if (part.op === 'equal') return <span key={index}>{part.text}</span>;
          if (part.op === 'insert') {
            return (
              <ins key={index} className="bg-green-100 text-green-950 underline decoration-2 underline-offset-2">
                <span className="sr-only">[{t('settlement.version.insertedStart')}] </span>
                {part.text}
                <span className="sr-only"> [{t('settlement.version.insertedEnd')}]</span>
              </ins>
            );
          }
          return (
            <del key={index} className="bg-red-100 text-red-950 line-through decoration-2">
              <span className="sr-only">[{t('settlement.version.deletedStart')}] </span>
              {part.text}
              <span className="sr-only"> [{t('settlement.version.deletedEnd')}]</span>
            </del>
          );
        })}
      </div>
    </div>
  );
}
