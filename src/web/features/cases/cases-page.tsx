import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { TASK_LABEL_KEYS, type StatusSlug, type TASK_STATUSES } from '../../../contract/statuses';

type TaskStatus = (typeof TASK_STATUSES)[number];
import { selectUser, useSession } from '../../lib/app-session';
import { buttonClasses } from '../../ui/button';
import { cn } from '../../ui/cn';
import { PageHeading } from '../../ui/page-heading';
import { Spinner } from '../../ui/spinner';
import { TAB_LINK_CURRENT, TAB_LINK_OTHER } from '../../ui/tab-links';
import { Pager } from '../../ui/pager';
import { useCaseList, useInvoiceTasks, useLatestFeedback, useStatusCounts, useUpcomingAppointments } from './api';
import { useUnreadMessages } from '../../lib/messages-query';
import { CaseSearch } from './components/case-search';
import { CaseTable, MobileSort } from './components/case-table';
import { InvoiceTaskFilters, InvoiceTaskList, readInvoiceTask } from './components/invoice-tasks';
import { LatestFeedback } from './components/latest-feedback';
import { TaskFilters } from './components/task-filters';
import { UnreadMessagesList, UnreadMessagesTask } from './components/unread-messages-task';
import { UpcomingAppointments } from './components/upcoming-appointments';
import { GROUP_TABS, readCaseListUrl, toListParams, writeCaseListUrl, type CaseListUrlState } from './url-state';

/** A group tab: like the other tab strips from sm on; on a phone a third of the width, its label wrapping inside it. */
const GROUP_TAB_LINK =
  'flex h-full min-h-11 items-center justify-center border-b-2 px-2 py-2 ' +
  'text-center font-medium sm:inline-flex sm:px-4 sm:whitespace-nowrap';

/** The page's data for the first page of a visit (app/routes.tsx, lib/first-page.ts). */
export { caseListData } from './api';

/** The lawyer's home (/dossiers): tasks and latest feedback on the left, 'Mijn dossiers' on the right. */
export function CasesPage() {
  const { t } = useTranslation();
  const user = useSession(selectUser);
  const [search, setSearch] = useSearchParams();
  const state = readCaseListUrl(search);
  const searching = Boolean(state.q?.trim());
  const list = useCaseList(toListParams(state));
  const go = (next: Partial<CaseListUrlState>) => setSearch(writeCaseListUrl({ ...state, page: 1, ...next }));
  const onTask = (task: StatusSlug | null) => go({ task, group: 'active' });
  // The task 'Ongelezen berichten' lists the cases with unread messages instead of the table.
  const unreadOnly = search.get('unread') === '1';
  const onUnread = () => setSearch(unreadOnly ? writeCaseListUrl(state) : new URLSearchParams({ unread: '1' }));
  // An invoice task ('Factuur voldaan – dossier afronden'…) lists its cases instead of the table, like the unread task.
  const invoiceTask = readInvoiceTask(search);
  const onInvoiceTask = (task: string | null) =>
    setSearch(task ? new URLSearchParams({ factuurtaak: task }) : writeCaseListUrl(state));
  const ownList = unreadOnly || invoiceTask !== null;
  // The tasks, the unread task, the latest feedback, the upcoming conversations and the list
  // appear together, once all have answered: on a phone they stack, and one arriving after
  // another would push the rest down. Once shown, the page never goes back
  // to the spinner: a new filter or page, a refetch or a failed block keeps the rest in place
  // (going back made a loop when a block that failed was mounted again and refetched).
  const counts = useStatusCounts();
  const unread = useUnreadMessages();
  const latest = useLatestFeedback();
  const upcoming = useUpcomingAppointments();
  const invoiceTasks = useInvoiceTasks();
  const [shown, setShown] = useState(false);
  const answered =
    !list.isPending &&
    !counts.isPending &&
    !unread.isPending &&
    !latest.isPending &&
    !upcoming.isPending &&
    !invoiceTasks.isPending;
  if (answered && !shown) setShown(true);
  const firstLoad = !shown && !answered;
  const heading = (
    <div>
      <PageHeading>{t('pages.cases.title')}</PageHeading>
      <p className="mt-1 text-lg text-slate-800">
        {t('cases.greeting', { name: user?.name || user?.full_name || '' })}
      </p>
    </div>
  );
  if (firstLoad) {
    return (
      <div className="flex flex-col gap-6">
        {heading}
        <p role="status" className="flex items-center gap-2 text-slate-800">
          <Spinner />
          {t('cases.loading')}
        </p>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      {heading}
      <div className="grid gap-6 lg:grid-cols-[18rem_1fr]">
        <aside className="flex flex-col gap-6" aria-label={t('cases.sidebarLabel')}>
          <section aria-labelledby="tasks-heading" className="flex flex-col gap-3">
            <h2 id="tasks-heading" className="text-lg font-semibold text-slate-900">
              {t('cases.tasks.heading')}
            </h2>
            <TaskFilters active={state.task} onSelect={onTask} otherTasks={invoiceTasks.data?.length ?? 0} />
            <UnreadMessagesTask active={unreadOnly} onToggle={onUnread} />
            <InvoiceTaskFilters active={invoiceTask} onSelect={onInvoiceTask} />
          </section>
          <LatestFeedback />
          <UpcomingAppointments />
        </aside>
        <section
          aria-labelledby="list-heading"
          aria-busy={list.isFetching || undefined}
          className="flex min-w-0 flex-col gap-4"
        >
          <h2 id="list-heading" className="sr-only">
            {t('cases.listHeading')}
          </h2>
          <nav aria-label={t('cases.groupsLabel')} className="border-b border-slate-300">
            {/*
              Three equal tabs on a phone ('Klaar voor facturatie' wraps inside its own tab), so no tab ends up alone
              on a second line.
            */}
            <ul className="-mb-px grid grid-cols-3 gap-x-1 sm:flex sm:flex-wrap">
              {GROUP_TABS.map((tab) => {
                // A search looks in every group: no tab is current, and a tab ends the search.
                const current = !state.task && !searching && state.group === tab.group;
                return (
                  <li key={tab.group} className="shrink-0">
                    <Link
                      to={{
                        search: writeCaseListUrl({ ...state, task: null, group: tab.group, page: 1, q: '' }).toString(),
                      }}
                      aria-current={current ? 'page' : undefined}
                      className={cn(GROUP_TAB_LINK, current ? TAB_LINK_CURRENT : TAB_LINK_OTHER)}
                    >
                      {t(`cases.groups.${tab.group}`)}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
          {searching && <p className="text-slate-800">{t('caseSearch.allGroups')}</p>}
          {state.task && !searching && (
            <p className="text-slate-800">
              {t('cases.taskFilter', {
                status: t(TASK_LABEL_KEYS[state.task as TaskStatus] ?? `cases.statuses.${state.task}`),
              })}{' '}
              <button
                type="button"
                onClick={() => onTask(null)}
                className="font-medium text-brand-700 underline underline-offset-4"
              >
                {t('cases.clearTask')}
              </button>
            </p>
          )}
          {!ownList && <CaseSearch key={state.q ?? ''} value={state.q ?? ''} onSearch={(q) => go({ q })} />}
          {unreadOnly && <UnreadMessagesList />}
          {invoiceTask && !unreadOnly && <InvoiceTaskList task={invoiceTask} />}
          {!ownList && <MobileSort sort={state.sort} dir={state.dir} onChange={(sort, dir) => go({ sort, dir })} />}
          {ownList ? null : list.isPending ? (
            <p role="status">{t('cases.loading')}</p>
          ) : list.isError ? (
            <p role="alert" className="text-red-800">
              {t('cases.error')}
            </p>
          ) : list.data.data.length === 0 && list.data.meta.total > 0 ? (
            // A page beyond the last (an old link, or fewer cases since): the filter has cases, so offer the way back.
            <div className="flex flex-col items-start gap-3">
              <p>{t('cases.beyondLastPage', { page: state.page })}</p>
              <Link
                to={{ search: writeCaseListUrl({ ...state, page: 1 }).toString() }}
                className={buttonClasses.secondary}
              >
                {t('cases.toFirstPage')}
              </Link>
            </div>
          ) : list.data.data.length === 0 ? (
            <p>{state.q ? t('caseSearch.empty', { q: state.q }) : t('cases.empty')}</p>
          ) : (
            <>
              <CaseTable
                cases={list.data.data}
                showGroup={searching}
                sort={state.sort}
                dir={state.dir}
                onSort={(sort) => go({ sort, dir: sort === state.sort && state.dir === 'asc' ? 'desc' : 'asc' })}
              />
              <Pager
                label={t('cases.pagination.label')}
                summary={t('cases.pagination.summary', {
                  current: list.data.meta.current_page,
                  last: list.data.meta.last_page,
                  count: list.data.meta.total,
                })}
                page={list.data.meta.current_page}
                hasNext={list.data.meta.current_page < list.data.meta.last_page}
                onPage={(page) => go({ page })}
                previous={t('cases.pagination.previous')}
                next={t('cases.pagination.next')}
              />
            </>
          )}
        </section>
      </div>
    </div>
  );
}
