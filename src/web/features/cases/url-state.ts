import { CASE_SEARCH_MAX, CASE_SORTS } from '../../../contract/cases';
import {
  STATUS_GROUPS,
  TASK_STATUSES,
  statusSlugFromLabel,
  type StatusGroup,
  type StatusSlug,
} from '../../../contract/statuses';
import type { CaseListParams } from './api';

export type CaseSort = (typeof CASE_SORTS)[number];

/** The filter tabs in the URL (`?groep=`), with the label keys. */
export const GROUP_TABS = [
  { param: 'actief', group: 'active' },
  { param: 'klaar-voor-facturatie', group: 'ready-for-invoicing' },
  { param: 'voltooid', group: 'completed' },
] as const satisfies readonly { param: string; group: StatusGroup }[];

/** 'Vooltooid' is accepted as 'Voltooid'. */
const GROUP_ALIASES: Record<string, StatusGroup> = { vooltooid: 'completed' };

export type CaseListUrlState = {
  group: StatusGroup;
  task: StatusSlug | null;
  sort: CaseSort;
  dir: 'asc' | 'desc';
  page: number;
  q?: string;
};

/** Reads filter, sort and page from the URL; unknown values fall back to the defaults. */
export function readCaseListUrl(search: URLSearchParams): CaseListUrlState {
  const groupParam = (search.get('groep') ?? '').toLowerCase();
  const group = GROUP_TABS.find((tab) => tab.param === groupParam)?.group ?? GROUP_ALIASES[groupParam] ?? 'active';
  // A slug or any label of the phase opens its task filter.
  const taskSlug = statusSlugFromLabel(search.get('taak') ?? '');
  const task = taskSlug && (TASK_STATUSES as readonly string[]).includes(taskSlug) ? taskSlug : null;
  const sortParam = search.get('sort');
  const sort = (CASE_SORTS as readonly string[]).includes(sortParam ?? '') ? (sortParam as CaseSort) : 'client_name';
  const dir = search.get('dir')?.toLowerCase() === 'desc' ? 'desc' : 'asc';
  const pageNumber = Number(search.get('page'));
  const page = Number.isInteger(pageNumber) && pageNumber >= 1 && pageNumber <= 100_000 ? pageNumber : 1;
  const q = (search.get('zoek') ?? '').slice(0, CASE_SEARCH_MAX);
  return { group: task ? 'active' : group, task, sort, dir, page, q };
}

/** Writes the state back, leaving defaults out so links stay short. */
export function writeCaseListUrl(state: CaseListUrlState): URLSearchParams {
  const search = new URLSearchParams();
  const tab = GROUP_TABS.find((t) => t.group === state.group);
  if (state.task) search.set('taak', state.task);
  else if (tab && tab.group !== 'active') search.set('groep', tab.param);
  if (state.sort !== 'client_name') search.set('sort', state.sort);
  if (state.dir !== 'asc') search.set('dir', state.dir);
  if (state.page !== 1) search.set('page', String(state.page));
  if (state.q?.trim()) search.set('zoek', state.q.trim());
  return search;
}

/** The list request of the URL's state; a search looks in every group, whatever tab or task is open. */
export function toListParams(state: CaseListUrlState): CaseListParams {
  const q = state.q?.trim() ?? '';
  const statuses = q ? [] : state.task ? [state.task] : [...STATUS_GROUPS[state.group]];
  return { page: state.page, sort: state.sort, dir: state.dir, statuses, q };
}

/** The list request of these parameters (also prefetched by index.html's boot script, scripts/boot-script.ts). */
export function caseListUrl(params: CaseListParams): string {
  const search = new URLSearchParams({ page: String(params.page), sort: params.sort, dir: params.dir });
  if (params.statuses.length > 0) search.set('statuses', params.statuses.join(','));
  if (params.q) search.set('q', params.q);
  return `/api/cases?${search.toString()}`;
}
