import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TODO_ROUTES, type ClientTodo } from '../../../../contract/rules/client-todos';

const FIELD_KEYS: Record<string, string> = {
  name: 'myStory.personal.name',
  last_name: 'myStory.personal.lastName',
  phone_number: 'myStory.personal.phone',
  street: 'myStory.personal.street',
  house_number: 'myStory.personal.houseNumber',
  postcode: 'myStory.personal.postcode',
  city: 'myStory.personal.city',
  company_house_number: 'myStory.employer.houseNumber',
  company_postcode: 'myStory.employer.postcode',
  company_city: 'myStory.employer.city',
  contact_email: 'myStory.employer.contactEmail',
  contact_phone_number: 'myStory.employer.contactPhone',
};

/** 'Wat moet ik nog doen?': every open action, each linking to where it is done. */
export function TodoList({ todos }: { todos: ClientTodo[] }) {
  const { t } = useTranslation();
  const text = (todo: ClientTodo) => {
    switch (todo.kind) {
      case 'rejected-document':
        return (
          <>
            <span className="font-medium">{t('caseRoute.todos.rejected', { title: todo.title })}</span>
            <span className="block text-sm text-slate-800">
              {todo.message ? t('caseRoute.todos.reason', { reason: todo.message }) : t('caseRoute.todos.noReason')}
            </span>
          </>
        );
      case 'missing-document':
        return <span className="font-medium">{t('caseRoute.todos.missing', { title: todo.title })}</span>;
      case 'sign-proposal':
        return <span className="font-medium">{t('caseRoute.todos.sign')}</span>;
      case 'story-questions':
        return <span className="font-medium">{t('caseRoute.todos.story', { count: todo.count })}</span>;
      case 'personal-data':
      case 'employer-data':
        return (
          <>
            <span className="font-medium">
              {todo.kind === 'personal-data' ? t('caseRoute.todos.personal') : t('caseRoute.todos.employer')}
            </span>
            <span className="block text-sm text-slate-800">
              {t('caseRoute.todos.fields', { fields: todo.missing.map((f) => t(FIELD_KEYS[f] ?? f)).join(', ') })}
            </span>
          </>
        );
    }
  };
  return (
    <section aria-labelledby="todo-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="todo-heading" className="mb-3 text-lg font-semibold text-slate-900">
        {t('caseRoute.todos.heading')}
      </h2>
      {todos.length === 0 ? (
        <p className="text-slate-800">{t('caseRoute.todos.none')}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {todos.map((todo, i) => (
            <li key={`${todo.kind}-${'document_id' in todo ? todo.document_id : i}`}>
              <Link
                to={TODO_ROUTES[todo.kind]}
                className={
                  'flex items-center justify-between gap-3 rounded-lg border border-red-200 ' +
                  'bg-red-50 p-3 text-slate-900 hover:bg-red-100'
                }
              >
                <span>{text(todo)}</span>
                <ChevronRight className="size-5 shrink-0 text-slate-700" aria-hidden="true" />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
