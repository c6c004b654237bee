import type { PushPayload } from '../../contract/push';
import { translator } from '../infra/outbox/i18n';
import type { PushKind } from '../infra/outbox/push';

/** Push services accept at most 4 096 bytes; these notices stay far below it. */
export const PUSH_PAYLOAD_MAX_BYTES = 3_000;

/** The portal page a notice opens. */
function urlOf(kind: PushKind, ref: Record<string, string>): string {
  switch (kind) {
    case 'message':
      return ref.reader === 'lawyer' && ref.case_id ? `/dossiers/${ref.case_id}/berichten` : '/berichten';
    case 'settlement_version':
    case 'settlement_reply':
    case 'cooling_off_ending':
      return '/onderhandeling';
    case 'document_rejected':
      return '/documenten';
    case 'appointment_soon':
      return '/';
    case 'invoice_due':
      return '/facturen';
  }
}

/** The text key of a notice (under `notifications.push.` in the translation files). */
function keyOf(kind: PushKind, ref: Record<string, string>): string {
  if (kind === 'message') return ref.reader === 'lawyer' ? 'messageForLawyer' : 'message';
  if (kind === 'settlement_version') return ref.from === 'employer' ? 'settlementVersionEmployer' : 'settlementVersion';
  return {
    settlement_reply: 'settlementReply',
    cooling_off_ending: 'coolingOffEnding',
    appointment_soon: 'appointmentSoon',
    document_rejected: 'documentRejected',
    invoice_due: 'invoiceDue',
  }[kind];
}

export type PushNotice = { kind: PushKind; tag: string; ref: Record<string, string> };

/**
 * The JSON of one push message in the reader's language: one notice as it is, several waiting for
 * the same device as one ('3 nieuwe meldingen'). Made only from the kind, the tag and the page; no
 * case content can reach it.
 */
export function pushPayload(notices: PushNotice[], language: string): PushPayload {
  const t = translator(language);
  const [first] = notices;
  if (!first) throw new Error('pushPayload needs a notice');
  if (notices.length > 1)
    return {
      title: t('push.several.title'),
      body: t('push.several.body', { count: notices.length }),
      url: '/',
      tag: 'portal',
    };
  const key = keyOf(first.kind, first.ref);
  return {
    title: t(`push.${key}.title`),
    body: t(`push.${key}.body`),
    url: urlOf(first.kind, first.ref),
    tag: first.tag,
  };
}
