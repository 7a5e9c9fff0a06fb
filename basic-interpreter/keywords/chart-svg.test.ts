import { chartSvg } from './chart-svg.js';

test('a bar chart: one bar per value, as tall as its share of the largest, each named by its label', () => {
  const svg = chartSvg('bar', [4, 2], ['Jan', 'Feb']);
  expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>.*<\/svg>$/);
  const heights = [...svg.matchAll(/<rect x="[^"]+" y="[^"]+" width="[^"]+" height="([^"]+)" fill/g)].map((m) => Number(m[1]));
  expect(heights).toEqual([220, 110]);
  expect(svg).toContain('<title>Jan: 4</title>');
  expect(svg).toContain('>Feb</text>');
});

test('a pie chart: one slice per value with its legend; a label is escaped', () => {
  const svg = chartSvg('pie', [1, 1, 2], ['A', 'B', '<C>']);
  expect(svg.match(/<path /g)).toHaveLength(3);
  expect(svg).toContain('&lt;C&gt;: 2');
  expect(chartSvg('pie', [5], ['all'])).toContain('<circle ');
});

test('a line chart: one polyline through every value; a missing label is the position', () => {
  const svg = chartSvg('line', [1, 3, 2], []);
  expect(svg.match(/<polyline [^>]*points="([^"]+)"/)![1]!.split(' ')).toHaveLength(3);
  expect(svg).toContain('>3</text>');
});
