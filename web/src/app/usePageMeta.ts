import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets `<meta name="description">`, adding the tag when the page has none. */
function setMetaDescription(content: string): void {
  let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = 'description';
    document.head.append(tag);
  }
  tag.content = content;
}

/**
 * Every route's document title and meta description, in the UI language (issue 15): what a tab, a bookmark, a
 * screen reader and a search result show. Screens with a more specific title (an album's name) set it after
 * their data loads, which runs after this.
 */
export function usePageMeta(screen: string): void {
  const { t, i18n } = useTranslation();
  useEffect(() => {
    const site = t('a11y.siteName');
    const title = t(`pageMeta.titles.${screen}`, { defaultValue: '' });
    document.title = title ? `${title} · ${site}` : site;
    const description = t(`pageMeta.descriptions.${screen}`, { defaultValue: '' });
    if (description) setMetaDescription(description);
  }, [screen, t, i18n.language]);
}
