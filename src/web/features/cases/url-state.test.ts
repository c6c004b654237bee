import { describe, expect, it } from 'vitest';
import { STATUS_GROUPS } from '../../../contract/statuses';
import { readCaseListUrl, toListParams, writeCaseListUrl } from './url-state';

const read = (query: string) => readCaseListUrl(new URLSearchParams(query));

describe('case list URL state', () => {
  it("defaults to the group 'Actief', client name ascending, page 1", () => {
    expect(read('')).toEqual({ group: 'active', task: null, sort: 'client_name', dir: 'asc', page: 1, q: '' });
    expect(toListParams(read('')).statuses).toEqual([...STATUS_GROUPS.active]);
  });

  it("reads the group, accepting 'Vooltooid' as 'Voltooid'", () => {
    expect(read('groep=voltooid').group).toBe('completed');
    expect(read('groep=Vooltooid').group).toBe('completed');
    expect(read('groep=klaar-voor-facturatie').group).toBe('ready-for-invoicing');
  });

  it('filters on a task status only for the four task statuses', () => {
    expect(toListParams(read('taak=check')).statuses).toEqual(['check']);
    expect(read('taak=completed').task).toBeNull();
  });

  it('ignores unknown sort, direction and page values', () => {
    expect(read('sort=title&dir=up&page=-3')).toMatchObject({ sort: 'client_name', dir: 'asc', page: 1 });
    expect(read('sort=status&dir=DESC&page=4')).toMatchObject({ sort: 'status', dir: 'desc', page: 4 });
  });

  it('writes a state back so that reading it gives the same state', () => {
    for (const query of [
      '',
      'groep=voltooid&sort=company_name&dir=desc&page=3',
      'taak=negotiation-phase&sort=last_update_at',
    ]) {
      const state = read(query);
      expect(read(writeCaseListUrl(state).toString())).toEqual(state);
    }
  });
});

describe('case search in the URL', () => {
  it('keeps the search as ?zoek=, sends it as q with sort and page, searching all groups whatever tab or task', () => {
    const state = readCaseListUrl(new URLSearchParams('zoek=%C3%A9mile&sort=company_name&page=2&groep=voltooid'));
    expect(state).toMatchObject({ q: 'émile', sort: 'company_name', page: 2, group: 'completed' });
    expect(toListParams(state)).toMatchObject({ q: 'émile', statuses: [], page: 2 });
    expect(toListParams(readCaseListUrl(new URLSearchParams('zoek=emile&taak=check'))).statuses).toEqual([]);
    expect(toListParams(readCaseListUrl(new URLSearchParams('zoek=+&groep=voltooid'))).statuses).toEqual(['completed']);
    expect(writeCaseListUrl({ ...state, q: '  jansen ' }).get('zoek')).toBe('jansen');
    expect(writeCaseListUrl({ ...state, q: '' }).has('zoek')).toBe(false);
    expect(readCaseListUrl(new URLSearchParams(`zoek=${'a'.repeat(150)}`)).q).toHaveLength(100);
  });
});
