/** Two small SVG charts for the insights; each has a text alternative for screen readers. */

const W = 240;
const H = 60;

/** One value as a bar against its target (the dashed line). */
export function BarChart({ label, value, target }: { label: string; value: number | null; target: number }) {
  const max = Math.max(value ?? 0, target, 1) * 1.2;
  const x = (v: number) => (v / max) * W;
  return (
    <svg width={W} height={28} role="img" aria-label={`${label}: ${value ?? 'no data'}, target ${target}`} className="bar">
      <rect x={0} y={6} width={W} height={16} fill="#eef1f6" />
      {value !== null && <rect x={0} y={6} width={x(value)} height={16} fill="#1f4fd1" />}
      <line x1={x(target)} x2={x(target)} y1={0} y2={28} stroke="#b00020" strokeDasharray="3 2" strokeWidth={2} />
    </svg>
  );
}

/** Values over equal slices of a period as a line; gaps where a slice has no data. */
export function TrendChart({ label, values }: { label: string; values: (number | null)[] }) {
  const known = values.filter((v): v is number => v !== null);
  const max = Math.max(...known, 1);
  const pad = 6;
  const step = values.length > 1 ? (W - 2 * pad) / (values.length - 1) : 0;
  const points = values.map((v, i) => (v === null ? undefined : `${pad + i * step},${H - pad - (v / max) * (H - 2 * pad)}`));
  return (
    <svg width={W} height={H} role="img" aria-label={`${label}: ${values.map((v) => v ?? 'no data').join(', ')}`} className="trend">
      <rect x={0} y={0} width={W} height={H} fill="#fafbfd" stroke="#dde" />
      <polyline points={points.filter(Boolean).join(' ')} fill="none" stroke="#1f4fd1" strokeWidth={2} />
      {points.map((p, i) => p && <circle key={i} cx={p.split(',')[0]} cy={p.split(',')[1]} r={3} fill="#1f4fd1" />)}
    </svg>
  );
}
