import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useHelpTopics } from '../../../api/help-center';
import { AppLink } from '../../../components/app-link';
import { Spinner } from '../../../components/global-loader';
import { SafeHtml } from '../../../components/safe-html';
import { StatusPanel } from '../../../components/status-panel';
import { paths } from '../../../config/paths';
import { registerFeatureCatalogue } from '../../../lib/i18n';

// The help pages' texts (/help and /helpmc) come with this chunk (the home page's JS budget).
await registerFeatureCatalogue({
  TH: () => import('../../../locales/help/th.json'),
  EN: () => import('../../../locales/help/en.json'),
});

/**
 * Help topics: a list of topics and the open one's content. `#tag` in the address opens and
 * scrolls to that topic (spec §2 /help#{tag}).
 */
export function HelpCenter({ basePath }: { basePath: string }) {
  const { t } = useTranslation();
  const { hash } = useLocation();
  const { data: topics, isPending } = useHelpTopics();
  const contentRef = useRef<HTMLElement>(null);
  const requestedTag = decodeURIComponent(hash.replace(/^#/, ''));
  const openTopic = topics?.find((topic) => topic.tag === requestedTag) ?? topics?.[0];

  useEffect(() => {
    if (requestedTag && openTopic?.tag === requestedTag)
      contentRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [requestedTag, openTopic?.tag]);

  if (isPending) return <Spinner />;
  if (!topics || !openTopic) return <StatusPanel title={t('help_empty')} />;

  const topicHref = (tag: string) =>
    basePath === paths.help.path ? paths.help.getHref(tag) : `${basePath}#${encodeURIComponent(tag)}`;
  return (
    <div className="help-center">
      <nav className="help-center__topics" aria-label={t('help_topics')}>
        <ul>
          {topics.map((topic, index) => (
            <li key={topic.tag}>
              {/* A category's heading above its first topic (the server sends topics grouped). */}
              {topic.category && topic.category !== topics[index - 1]?.category ? (
                <h3 className="help-center__category">{topic.category}</h3>
              ) : null}
              <AppLink
                to={topicHref(topic.tag)}
                className="help-center__topic"
                aria-current={topic.tag === openTopic.tag ? 'true' : undefined}
              >
                {topic.title}
              </AppLink>
            </li>
          ))}
        </ul>
      </nav>
      <article ref={contentRef} className="help-center__content" id={openTopic.tag} aria-labelledby="help-topic-title">
        <h2 id="help-topic-title">{openTopic.title}</h2>
        <SafeHtml html={openTopic.content} />
      </article>
    </div>
  );
}
