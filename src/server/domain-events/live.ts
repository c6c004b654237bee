import type { Db } from '../infra/db/client';
import type { PublishInput } from '../infra/events/bus';
import { caseParticipants } from '../infra/events/queries';
import type { Message } from '../../contract/messages';
import type { DomainEvent } from './types';

type Role = Message['author_role'];
const otherSide = (role: Role): Role => (role === 'client' ? 'lawyer' : 'client');

/**
 * What the message rules read: the message as the stream sends it and a side's unread count in a
 * case. The messages feature, which emits every message kind, provides them when it loads
 * (messages/queries.ts), so this module imports no feature and no feature import comes back here.
 */
export type MessageReads = {
  message: (tx: Db, id: string) => Promise<Message | null>;
  unreadInCase: (tx: Db, caseId: string, reader: Role) => Promise<number>;
};
let messageReads: MessageReads | null = null;
export function provideMessageReads(reads: MessageReads): void {
  messageReads = reads;
}
function reads(): MessageReads {
  if (!messageReads) throw new Error('A message event before the messages feature provided its reads');
  return messageReads;
}
const getMessage = (tx: Db, id: string) => reads().message(tx, id);
const unreadInCase = (tx: Db, caseId: string, reader: Role) => reads().unreadInCase(tx, caseId, reader);

/**
 * The live rules of the event kinds (rules.ts names one per kind): what each event tells whom
 * over the live stream. Run in the event's transaction, so the recipients are read as the change
 * left them; published only after commit (dispatch.ts). `caseId` is the event's case.
 */
export type LiveRule = (tx: Db, event: DomainEvent, caseId: string) => Promise<PublishInput[]>;

const unique = (ids: (string | null | undefined)[]) => [
  ...new Set(ids.filter((id): id is string => typeof id === 'string' && id.length > 0)),
];
const strings = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.filter((v): v is string => typeof v === 'string')
    : typeof value === 'string'
      ? [value]
      : [];

async function peopleOf(tx: Db, event: DomainEvent, caseId: string) {
  return caseParticipants(tx, caseId, event.at);
}

const changed = (caseId: string, userIds: string[]): PublishInput => ({
  type: 'case_changed',
  userIds,
  data: { case_id: caseId },
});

/** `case_changed` to everyone who sees the case now: its client, its lawyers and today's stand-ins. */
export const caseChanged: LiveRule = async (tx, event, caseId) => {
  const { clientId, lawyerIds } = await peopleOf(tx, event, caseId);
  return [changed(caseId, unique([clientId, ...lawyerIds]))];
};

/**
 * `case_changed` to everyone who sees the case now and to the lawyers the event names: the
 * former lawyers of a reassignment (`data.from`), a stand-in who starts later (`data.lawyer_id`).
 */
export const caseChangedWithNamedLawyers: LiveRule = async (tx, event, caseId) => {
  const { clientId, lawyerIds } = await peopleOf(tx, event, caseId);
  const named = event.action === 'case.reassigned' ? strings(event.data?.from) : strings(event.data?.lawyer_id);
  return [changed(caseId, unique([clientId, ...lawyerIds, ...named]))];
};

const side = (people: { clientId: string | null; lawyerIds: string[] }, role: Role) =>
  role === 'client' ? unique([people.clientId]) : unique(people.lawyerIds);

/**
 * A new message (`data.message_id`): the message to both sides, the unread count to the side
 * that did not write it, and `case_changed` when it brought an attachment (a new document).
 */
export const messageSent: LiveRule = async (tx, event, caseId) => {
  const messageId = typeof event.data?.message_id === 'string' ? event.data.message_id : null;
  const message = messageId ? await getMessage(tx, messageId) : null;
  if (!message) return [];
  const people = await peopleOf(tx, event, caseId);
  const everyone = unique([people.clientId, ...people.lawyerIds]);
  const reader = otherSide(message.author_role);
  const out: PublishInput[] = [
    { type: 'message', userIds: everyone, data: message },
    {
      type: 'unread',
      userIds: side(people, reader),
      data: { case_id: caseId, count: await unreadInCase(tx, caseId, reader) },
    },
  ];
  if (event.data?.attachment === true) out.push(changed(caseId, everyone));
  return out;
};

/**
 * Messages read up to one (`data.up_to`, `data.read_at`) by a side (`data.reader`): both sides see the marks, the
 * reader's side its count.
 */
export const messagesRead: LiveRule = async (tx, event, caseId) => {
  const reader = event.data?.reader === 'client' ? 'client' : 'lawyer';
  const people = await peopleOf(tx, event, caseId);
  return [
    {
      type: 'messages_read',
      userIds: unique([people.clientId, ...people.lawyerIds]),
      data: { case_id: caseId, up_to: String(event.data?.up_to), read_at: String(event.data?.read_at) },
    },
    {
      type: 'unread',
      userIds: side(people, reader),
      data: { case_id: caseId, count: await unreadInCase(tx, caseId, reader) },
    },
  ];
};

/** A message its author took back (`subjectId`); when it was unread, the other side's count too. */
export const messageDeleted: LiveRule = async (tx, event, caseId) => {
  const people = await peopleOf(tx, event, caseId);
  const out: PublishInput[] = [
    {
      type: 'message_deleted',
      userIds: unique([people.clientId, ...people.lawyerIds]),
      data: { id: event.subjectId, case_id: caseId },
    },
  ];
  if (event.data?.was_unread === true) {
    const reader = otherSide(event.data.author_role === 'client' ? 'client' : 'lawyer');
    out.push({
      type: 'unread',
      userIds: side(people, reader),
      data: { case_id: caseId, count: await unreadInCase(tx, caseId, reader) },
    });
  }
  return out;
};
