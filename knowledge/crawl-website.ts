import { extractHtml } from './extract-text.js';

/** A fetched page: its content type and text; undefined when it could not be fetched (an error status, refused, timed out). */
export type FetchPage = (url: string) => Promise<{ contentType: string; body: string } | undefined>;

/** How far one crawl goes (config `kb-crawl-max-pages`, `kb-crawl-max-depth`). */
export interface CrawlLimits {
  maxPages: number;
  /** Links followed from the start page: 0 is the start page only. */
  maxDepth: number;
}

/** A crawled page's text. */
export interface CrawledPage {
  url: string;
  title: string;
  text: string;
}

/**
 * USE WEBSITE's crawl: the start page, then the links it finds on the same site (same origin,
 * http/https, fragments and query strings dropped), breadth first, up to `maxDepth` links away
 * and `maxPages` pages. Every fetch goes through `fetchPage`, the bot's guarded HTTP client
 * (infra/outbound-guard.ts). Pages that are not HTML or text, or fail, are skipped.
 */
export async function crawlWebsite(start: string, fetchPage: FetchPage, limits: CrawlLimits): Promise<CrawledPage[]> {
  const origin = new URL(start).origin;
  const seen = new Set<string>([start]);
  const pages: CrawledPage[] = [];
  let frontier = [start];
  for (let depth = 0; depth <= limits.maxDepth && frontier.length > 0 && pages.length < limits.maxPages; depth += 1) {
    const next: string[] = [];
    for (const url of frontier) {
      if (pages.length >= limits.maxPages) break;
      const fetched = await fetchPage(url);
      if (!fetched) continue;
      if (/html/i.test(fetched.contentType)) {
        const page = extractHtml(fetched.body);
        if (page.text) pages.push({ url, title: page.title || url, text: page.text });
        for (const link of page.links) {
          const target = sameSiteLink(link, url, origin);
          if (target && !seen.has(target)) {
            seen.add(target);
            next.push(target);
          }
        }
      } else if (/^text\//i.test(fetched.contentType) && fetched.body.trim()) {
        pages.push({ url, title: url, text: fetched.body });
      }
    }
    frontier = next;
  }
  return pages;
}

/** A link resolved against its page, when it stays on the site; without fragment and query. */
function sameSiteLink(href: string, page: string, origin: string): string | undefined {
  let url: URL;
  try {
    url = new URL(href, page);
  } catch {
    return undefined;
  }
  if (url.origin !== origin || (url.protocol !== 'http:' && url.protocol !== 'https:')) return undefined;
  url.hash = '';
  url.search = '';
  return url.toString();
}

/** `https://Example.com/docs/#x` → `https://example.com/docs/`: the name a site is kept and activated under. */
export function normalizeSiteUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new Error(`USE WEBSITE: "${text}" is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`USE WEBSITE: "${text}" is not an http or https URL`);
  url.hash = '';
  return url.toString();
}

/** REFRESH "1d" / "2w" / "1m" / "1y" as milliseconds; the reference's default is a month. */
export function refreshInterval(text: string | undefined): number {
  const DAY = 86_400_000;
  if (text === undefined || text.trim() === '') return 30 * DAY;
  const match = /^\s*(\d+)\s*([hdwmy])\s*$/i.exec(text);
  if (!match) throw new Error(`USE WEBSITE: REFRESH "${text}" is not an interval such as "1d", "1w", "1m" or "1y"`);
  const unit = { h: DAY / 24, d: DAY, w: 7 * DAY, m: 30 * DAY, y: 365 * DAY }[match[2]!.toLowerCase() as 'h' | 'd' | 'w' | 'm' | 'y'];
  return Number(match[1]) * unit;
}
