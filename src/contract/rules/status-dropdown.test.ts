import { describe, expect, it } from 'vitest';
import { OFFER_SLUGS, type OfferSlug } from '../offers';
import { STATUS_SLUGS, type StatusSlug } from '../statuses';
import {
  classifyStatusChange,
  getFinishAction,
  getSelectableStatuses,
  isStatusDropdownEnabled,
} from './status-dropdown';

const offers: (OfferSlug | null)[] = [...OFFER_SLUGS, null];
const expected: Record<string, StatusSlug[]> = {
  start: ['reviewing-documents', 'check', 'ready-for-signing'],
  complete: ['reviewing-documents', 'negotiation-phase', 'ready-for-signing'],
  extreme: ['reviewing-documents', 'negotiation-phase', 'check', 'ready-for-signing'],
  null: ['reviewing-documents', 'negotiation-phase', 'check', 'ready-for-signing'],
};

describe('status dropdown', () => {
  for (const offer of offers) {
    it(`offers the allowed statuses for offer ${String(offer)}`, () => {
      expect(getSelectableStatuses(offer)).toEqual(expected[String(offer)]);
    });
    for (const status of STATUS_SLUGS) {
      const enabled = (expected[String(offer)] ?? []).includes(status);
      it(`is ${enabled ? 'enabled' : 'disabled'} at ${status} with offer ${String(offer)}`, () => {
        expect(isStatusDropdownEnabled(offer, status)).toBe(enabled);
      });
    }
  }

  it('lets a lawyer pick only selectable statuses from a selectable status', () => {
    expect(classifyStatusChange('start', 'check', 'ready-for-signing')).toBe('dropdown');
    expect(classifyStatusChange('start', 'check', 'negotiation-phase')).toBeNull();
    expect(classifyStatusChange('complete', 'reviewing-documents', 'check')).toBeNull();
    expect(classifyStatusChange('extreme', 'lead', 'check')).toBeNull();
    expect(classifyStatusChange('extreme', 'check', 'check')).toBeNull();
    expect(classifyStatusChange('extreme', 'check', 'lead')).toBeNull();
  });

  it('finishes from every status before ready-for-invoicing and reactivates or completes after it', () => {
    for (const from of STATUS_SLUGS.slice(0, 9))
      expect(classifyStatusChange('start', from, 'ready-for-invoicing')).toBe('finish');
    expect(classifyStatusChange('start', 'ready-for-invoicing', 'ready-for-signing')).toBe('reactivate');
    expect(classifyStatusChange('start', 'ready-for-invoicing', 'completed')).toBe('complete');
    expect(classifyStatusChange('start', 'ready-for-invoicing', 'check')).toBeNull();
    for (const to of STATUS_SLUGS) expect(classifyStatusChange('start', 'completed', to)).toBeNull();
  });

  it('labels the finish button by status', () => {
    expect(getFinishAction('check')).toBe('finish');
    expect(getFinishAction('ready-for-invoicing')).toBe('reactivate');
    expect(getFinishAction('completed')).toBe('none');
  });
});
