import { useLanguage } from '@lotus/client';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/bits';
import { contentListQuery } from './api';
import { ContentList } from './content-list';
import { helpArticleView, helpCategoryView } from './kinds';
import type { AdminHelpCategory } from '@lotus/contract';
import './site-content.css';

/** The help centre: categories (the site's headings) and their articles, TH and EN, cleaned on save. */
export function HelpCentrePage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const categories = useQuery(contentListQuery<AdminHelpCategory>(helpCategoryView.endpoint));
  const articleView = useMemo(() => helpArticleView(categories.data ?? [], language), [categories.data, language]);
  return (
    <>
      <PageHeader title={t('site_content_help_page_title')} subtitle={t('site_content_help_page_subtitle')} />
      <ContentList view={helpCategoryView} />
      <ContentList view={articleView} />
    </>
  );
}
