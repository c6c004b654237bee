import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDutchDate } from '../../../../contract/rules/settlement-format';
import type { SettlementVersion } from '../../../../contract/settlement';
import { Button } from '../../../ui/button';
import { describeTermChange, getStatedTerms, getTermChanges } from '../term-changes';
import { RedlineView } from './redline-view';
import { ReplyDeadline } from './reply-deadline';

type Props = {
  version: SettlementVersion;
  /** The version before it (by number), to compare terms with; none for the first. */
  previous: SettlementVersion | undefined;
  audience: 'client' | 'lawyer';
  /** The newest version: only its reply deadline is counted down. */
  newest: boolean;
  today: string;
  heading: 'h3' | 'h4';
  /** Below the card's content: the client's answer, the lawyer's 'definitief'. */
  children?: ReactNode;
};

/**
 * One version of the settlement: who and when, the days left to reply, the lawyer's note
 * ('Wat dit voor je betekent'), the terms that changed against the version before
 * ('Vergoeding € 18.000 → € 24.500 (+ € 6.500)'), and on opening the text as a word redline.
 */
export function VersionCard({ version, previous, audience, newest, today, heading: Heading, children }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const id = useId();
  const textId = `${id}-text`;
  const title =
    audience === 'client'
      ? t(version.from === 'employer' ? 'settlement.version.fromEmployer' : 'settlement.version.fromUs')
      : t(`settlement.tab.from.${version.from}`);
  const changes = previous ? getTermChanges(previous.terms, version.terms) : getStatedTerms(version.terms);
  const SubHeading = Heading === 'h3' ? 'h4' : 'h5';
  return (
    <article
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-3 rounded-xl border border-slate-300 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Heading id={`${id}-title`} className="text-lg font-semibold text-slate-900">
          {title}
          <span className="font-normal text-slate-700">
            {' '}
            · {t('settlement.version.number', { number: version.number })}
          </span>
        </Heading>
        {version.final && (
          <span className="rounded-full bg-brand-700 px-2.5 py-0.5 text-sm font-semibold text-white">
            {t('settlement.version.final')}
          </span>
        )}
      </div>
      <p className="text-slate-800">
        {t(version.from === 'employer' ? 'settlement.version.received' : 'settlement.version.sent', {
          date: formatDutchDate(version.dated),
        })}
      </p>
      {audience === 'client' && version.from === 'us' && newest && !version.final && (
        <p className="text-slate-800">{t('settlement.version.awaitingEmployer')}</p>
      )}
      {version.reply_by &&
        (newest && !version.final ? (
          // Our counter-offer's deadline is the employer's, not the client's.
          version.from === 'us' && audience === 'client' ? (
            <p className="text-slate-800">
              {t('settlement.version.employerReplyBy', { date: formatDutchDate(version.reply_by) })}
            </p>
          ) : (
            <ReplyDeadline replyBy={version.reply_by} today={today} />
          )
        ) : (
          audience === 'lawyer' && (
            <p className="text-slate-800">
              {t('settlement.version.replyBy', { date: formatDutchDate(version.reply_by) })}
            </p>
          )
        ))}
      {audience === 'lawyer' && version.file && (
        <p className="text-slate-800">{t('settlement.version.file', { name: version.file.filename })}</p>
      )}
      {version.note && (
        <div className="rounded-lg bg-brand-50 px-3 py-2">
          <SubHeading className="font-semibold text-slate-900">{t('settlement.version.note')}</SubHeading>
          <p className="whitespace-pre-wrap text-slate-900">{version.note}</p>
        </div>
      )}
      <div className="flex flex-col gap-1">
        <SubHeading className="font-semibold text-slate-900">
          {t(previous ? 'settlement.version.changesHeading' : 'settlement.version.termsHeading')}
        </SubHeading>
        {changes.length === 0 ? (
          <p className="text-slate-800">
            {t(previous ? 'settlement.version.noChanges' : 'settlement.version.noTerms')}
          </p>
        ) : (
          <ul className="list-disc pl-5 text-slate-900">
            {changes.map((change) => (
              <li key={change.field}>{describeTermChange(change, t, { first: !previous })}</li>
            ))}
          </ul>
        )}
      </div>
      <div className="flex flex-col gap-3">
        <Button
          variant="link"
          className="w-fit text-left"
          aria-expanded={open}
          aria-controls={open ? textId : undefined}
          onClick={() => setOpen((value) => !value)}
        >
          {open
            ? t('settlement.version.hideText')
            : previous
              ? t('settlement.version.showRedline')
              : t('settlement.version.showText')}
        </Button>
        {open &&
          (previous ? (
            <RedlineView versionId={version.id} id={textId} />
          ) : (
            <div
              id={textId}
              className={
                'max-h-[32rem] overflow-y-auto rounded-lg border border-slate-300 bg-slate-50 p-3 ' +
                'leading-relaxed break-words whitespace-pre-wrap text-slate-900'
              }
            >
              {version.text}
            </div>
          ))}
      </div>
      {children}
    </article>
  );
}
