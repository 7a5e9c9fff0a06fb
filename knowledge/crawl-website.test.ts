import { crawlWebsite, normalizeSiteUrl, refreshInterval, type FetchPage } from './crawl-website.js';

const site: Record<string, string> = {
  'https://docs.example/': '<title>Home</title><p>Welcome</p><a href="a">A</a><a href="/b?page=2#x">B</a><a href="https://other.example/">Away</a><a href="mailto:x@y">Mail</a>',
  'https://docs.example/a': '<p>Page A</p><a href="/c">C</a>',
  'https://docs.example/b': '<p>Page B</p><a href="/">Home</a>',
  'https://docs.example/c': '<p>Page C</p>',
};
const fetched: string[] = [];
const fetchPage: FetchPage = async (url) => {
  fetched.push(url);
  return site[url] === undefined ? undefined : { contentType: 'text/html; charset=utf-8', body: site[url] };
};

beforeEach(() => { fetched.length = 0; });

test('breadth first over same-site links, each page once, within the depth', async () => {
  const pages = await crawlWebsite('https://docs.example/', fetchPage, { maxPages: 10, maxDepth: 1 });
  expect(pages.map((p) => [p.url, p.title, p.text])).toEqual([
    ['https://docs.example/', 'Home', 'Welcome\n\nA B Away Mail'],
    ['https://docs.example/a', 'https://docs.example/a', 'Page A\n\nC'],
    ['https://docs.example/b', 'https://docs.example/b', 'Page B\n\nHome'],
  ]);
  expect(fetched).toEqual(['https://docs.example/', 'https://docs.example/a', 'https://docs.example/b']);
});

test('the page limit stops the crawl; depth 0 is the start page only', async () => {
  expect((await crawlWebsite('https://docs.example/', fetchPage, { maxPages: 2, maxDepth: 5 })).map((p) => p.url)).toEqual(['https://docs.example/', 'https://docs.example/a']);
  expect((await crawlWebsite('https://docs.example/', fetchPage, { maxPages: 9, maxDepth: 0 })).map((p) => p.url)).toEqual(['https://docs.example/']);
});

test('site names and REFRESH intervals', () => {
  expect(normalizeSiteUrl(' https://Docs.Example/guide#top ')).toBe('https://docs.example/guide');
  expect(() => normalizeSiteUrl('ftp://docs.example')).toThrow('not an http or https URL');
  expect(() => normalizeSiteUrl('docs')).toThrow('is not a URL');
  expect(refreshInterval(undefined)).toBe(30 * 86_400_000);
  expect(refreshInterval('1d')).toBe(86_400_000);
  expect(refreshInterval('2W')).toBe(14 * 86_400_000);
  expect(refreshInterval('1y')).toBe(365 * 86_400_000);
  expect(() => refreshInterval('soon')).toThrow('REFRESH "soon"');
});
