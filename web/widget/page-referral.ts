/** The campaign parameters the host page's address carries (docs/channels/web.md, "Campaigns"). */
export type PageReferral = Partial<Record<'utm_source' | 'utm_medium' | 'utm_campaign' | 'utm_id' | 'page_url', string>>;

const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_id'] as const;
const MAX_VALUE = 200;

/**
 * The `utm_*` parameters of the page the widget runs on, and the page's address without its query,
 * sent with the visitor's first message so the session keeps where they came from. Undefined when
 * the page has none.
 */
export function pageReferral(href: string): PageReferral | undefined {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return undefined;
  }
  const found: PageReferral = {};
  for (const key of UTM_KEYS) {
    const value = url.searchParams.get(key)?.trim();
    if (value) found[key] = value.slice(0, MAX_VALUE);
  }
  if (Object.keys(found).length === 0) return undefined;
  return { ...found, page_url: `${url.origin}${url.pathname}`.slice(0, 2048) };
}
