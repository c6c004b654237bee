import { useTranslation } from 'react-i18next';
import type { Article } from '../../../../contract/articles';

/** 'Artikelen voor jou': the articles of the current phase, each with a 'Meer lezen' link. */
export function ArticleList({ articles }: { articles: Article[] }) {
  const { t } = useTranslation();
  if (articles.length === 0) return null;
  return (
    <section aria-labelledby="articles-heading" className="flex flex-col gap-4">
      <h2 id="articles-heading" className="text-lg font-semibold text-slate-900">
        {t('dashboard.articles.heading')}
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2">
        {articles.map((article) => (
          <li
            key={article.id}
            className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
          >
            <img
              src={article.image}
              alt=""
              width={400}
              height={200}
              className="aspect-[2/1] w-full bg-brand-50 object-cover"
              loading="lazy"
            />
            <div className="flex flex-1 flex-col gap-2 p-4">
              <h3 className="font-semibold text-slate-900">{article.title}</h3>
              <p className="flex-1 text-slate-800">{article.description}</p>
              <a
                href={article.link}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex min-h-11 items-center font-medium text-brand-700 underline underline-offset-4"
              >
                {t('dashboard.articles.readMore')}
                <span className="sr-only">
                  {': '}
                  {article.title} {t('dashboard.newTab')}
                </span>
              </a>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
