/**
 * Domain events: a change is recorded once, with `emit(tx, event)` in the transaction of its
 * cause; the rules table (rules.ts) says what follows from each kind: the audit line, the mails,
 * the live events (after commit) and the timeline entry. See docs/architecture.md.
 */
export {
  emit,
  eventSettingsOf,
  provideEventSettings,
  publishLiveEventsAfterCommit,
  withEvents,
  type EventSettings,
} from './dispatch';
export { EVENT_RULES, EVENT_KINDS, timelineKinds, type EventKind, type EventRule } from './rules';
export type { DomainEvent } from './types';
export { provideMessageReads, type MessageReads } from './live';
