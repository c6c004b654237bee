import { translator } from '../infra/outbox/i18n';

/**
 * A timeline event in words, in the reader's language, as the client's own timeline shows it
 * (the screens' texts; the phases by their step names). An unknown kind stays as it is. The one
 * place these words are made: the timeline API's `text` and the data export's summary use it.
 */
export function timelineText(
  language: string,
  kind: string,
  details: Record<string, string | null | undefined>,
): string {
  const screens = translator(language, '');
  const phase = (slug: string | null | undefined) => (slug ? screens(`dashboard.stepper.names.${slug}`) : '?');
  try {
    if (kind === 'case.offer_changed')
      return screens('caseRoute.timeline.kinds.case.offer_changed', {
        offer: details.to ? screens(`offer.packages.${details.to}.name`) : '?',
      });
    if (kind.startsWith('case.'))
      return screens(`caseRoute.timeline.kinds.${kind}`, { from: phase(details.from), to: phase(details.to) });
    if (kind === 'settlement.version_added' && details.from === 'us')
      return screens('caseRoute.timeline.kinds.settlement.version_added_us');
    return screens(`caseRoute.timeline.kinds.${kind}`, { title: details.title ?? '' });
  } catch {
    return kind;
  }
}
