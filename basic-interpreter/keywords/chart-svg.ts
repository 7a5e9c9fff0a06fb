/**
 * CHART type, values, labels (docs/basic.md, "Compatibility"): the chart drawn as an SVG image,
 * which the keyword writes to the bot's drive. Bar, line and pie, one series, labels split on `;`.
 */

export type ChartType = 'bar' | 'line' | 'pie';
export const CHART_TYPES = ['bar', 'line', 'pie'] as const satisfies readonly ChartType[];

const WIDTH = 480;
const HEIGHT = 300;
const PAD = 40;
const COLOURS = ['#4e79a7', '#f28e2b', '#e15759', '#76b7b2', '#59a14f', '#edc948', '#b07aa1', '#ff9da7', '#9c755f', '#bab0ac'];

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const fixed = (n: number) => Number(n.toFixed(2));

/** The SVG document of the chart; `labels[i]` names `values[i]` (a missing label is its position). */
export function chartSvg(type: ChartType, values: readonly number[], labels: readonly string[]): string {
  const label = (i: number) => escape(labels[i] ?? String(i + 1));
  const body = type === 'pie' ? pie(values, label) : axes(type, values, label);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="sans-serif" font-size="12">`
    + `<rect width="${WIDTH}" height="${HEIGHT}" fill="#fff"/>${body}</svg>`;
}

function axes(type: 'bar' | 'line', values: readonly number[], label: (i: number) => string): string {
  const max = Math.max(0, ...values) || 1;
  const slot = (WIDTH - 2 * PAD) / Math.max(values.length, 1);
  const y = (v: number) => fixed(HEIGHT - PAD - (Math.max(0, v) / max) * (HEIGHT - 2 * PAD));
  const x = (i: number) => fixed(PAD + slot * i + slot / 2);
  const base = `<line x1="${PAD}" y1="${HEIGHT - PAD}" x2="${WIDTH - PAD}" y2="${HEIGHT - PAD}" stroke="#333"/>`;
  const names = values.map((_, i) => `<text x="${x(i)}" y="${HEIGHT - PAD + 16}" text-anchor="middle">${label(i)}</text>`).join('');
  const marks = type === 'bar'
    ? values.map((v, i) => `<rect x="${fixed(x(i) - slot * 0.35)}" y="${y(v)}" width="${fixed(slot * 0.7)}" height="${fixed(HEIGHT - PAD - y(v))}" fill="${COLOURS[0]}"><title>${label(i)}: ${v}</title></rect>`).join('')
    : `<polyline fill="none" stroke="${COLOURS[0]}" stroke-width="2" points="${values.map((v, i) => `${x(i)},${y(v)}`).join(' ')}"/>`;
  return base + marks + names;
}

function pie(values: readonly number[], label: (i: number) => string): string {
  const total = values.reduce((sum, v) => sum + Math.max(0, v), 0) || 1;
  const [cx, cy, r] = [HEIGHT / 2, HEIGHT / 2, HEIGHT / 2 - PAD / 2];
  let angle = -Math.PI / 2;
  return values.map((v, i) => {
    const share = Math.max(0, v) / total;
    const start = angle;
    angle += share * 2 * Math.PI;
    const colour = COLOURS[i % COLOURS.length]!;
    const legend = `<rect x="${HEIGHT + 10}" y="${PAD + i * 20}" width="12" height="12" fill="${colour}"/><text x="${HEIGHT + 28}" y="${PAD + i * 20 + 11}">${label(i)}: ${v}</text>`;
    if (share >= 1) return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${colour}"/>${legend}`;
    const point = (a: number) => `${fixed(cx + r * Math.cos(a))},${fixed(cy + r * Math.sin(a))}`;
    return `<path d="M${cx},${cy} L${point(start)} A${r},${r} 0 ${share > 0.5 ? 1 : 0} 1 ${point(angle)} Z" fill="${colour}"/>${legend}`;
  }).join('');
}

/** Where CHART and CHART PROMPT put a chart given no path: by its type and content, so the same chart is the same file. */
export function defaultChartPath(type: ChartType, svg: string): string {
  return `charts/${type}-${contentHash(svg)}.svg`;
}

/** FNV-1a of the text, in hex. */
function contentHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, '0');
}
