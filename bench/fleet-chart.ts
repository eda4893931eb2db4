/**
 * The fleet bench's chart, as hand-written SVG: the wall time of the fleet's `up` against P (bars,
 * left axis, with the physical limit as a dashed line) and the share of calls answered 429 (line,
 * right axis). No charting dependency: a few rectangles, a polyline and text.
 */
import { type FleetResult, throttledShareOf } from "./fleet";

const WIDTH = 640;
const HEIGHT = 360;
const PLOT = { left: 64, right: WIDTH - 64, top: 48, bottom: HEIGHT - 56 };

const escape = (text: string): string =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** A round upper bound for an axis whose largest value is `max`: 1, 2 or 5 times a power of ten. */
function niceMax(max: number): number {
  const power = 10 ** Math.floor(Math.log10(Math.max(max, 1e-9)));
  return ([1, 2, 5, 10].map((step) => step * power).find((bound) => bound >= max) ?? 10 * power) || 1;
}

function text(x: number, y: number, content: string, attributes = ""): string {
  return `<text x="${x.toFixed(1)}" y="${y.toFixed(1)}" ${attributes}>${escape(content)}</text>`;
}

/** The chart of `results` (one per P) for a fleet of `tenants` against `rateLimit` calls per second. */
export function fleetChartSvg(results: readonly FleetResult[], tenants: number, rateLimit: number): string {
  const timeMax = niceMax(Math.max(...results.flatMap((r) => [r.wallSeconds, r.physicalLimitSeconds])));
  const shareMax = niceMax(Math.max(0.01, ...results.map(throttledShareOf)));
  const slot = (PLOT.right - PLOT.left) / results.length;
  const xOf = (i: number) => PLOT.left + slot * (i + 0.5);
  const yTime = (s: number) => PLOT.bottom - ((PLOT.bottom - PLOT.top) * s) / timeMax;
  const yShare = (share: number) => PLOT.bottom - ((PLOT.bottom - PLOT.top) * share) / shareMax;
  const parts: string[] = [
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="white"/>`,
    text(
      WIDTH / 2,
      24,
      `Fleet of ${tenants} tenants, platform limit ${rateLimit} calls/s`,
      'text-anchor="middle" font-weight="bold"',
    ),
  ];
  for (let tick = 0; tick <= 4; tick++) {
    const y = PLOT.bottom - ((PLOT.bottom - PLOT.top) * tick) / 4;
    parts.push(
      `<line x1="${PLOT.left}" x2="${PLOT.right}" y1="${y.toFixed(1)}" y2="${y.toFixed(1)}" stroke="#ddd"/>`,
      text(PLOT.left - 6, y + 4, `${((timeMax * tick) / 4).toFixed(0)} s`, 'text-anchor="end"'),
      text(PLOT.right + 6, y + 4, `${((shareMax * tick * 100) / 4).toFixed(1)} %`, 'fill="#c0392b"'),
    );
  }
  results.forEach((r, i) => {
    const x = xOf(i);
    const barWidth = slot * 0.5;
    parts.push(
      `<rect x="${(x - barWidth / 2).toFixed(1)}" y="${yTime(r.wallSeconds).toFixed(1)}" width="${barWidth.toFixed(1)}" height="${(PLOT.bottom - yTime(r.wallSeconds)).toFixed(1)}" fill="#4a90d9"/>`,
      text(x, yTime(r.wallSeconds) - 6, `${r.wallSeconds.toFixed(0)} s`, 'text-anchor="middle"'),
      `<line x1="${(x - slot * 0.4).toFixed(1)}" x2="${(x + slot * 0.4).toFixed(1)}" y1="${yTime(r.physicalLimitSeconds).toFixed(1)}" y2="${yTime(r.physicalLimitSeconds).toFixed(1)}" stroke="#333" stroke-dasharray="5 3"/>`,
      text(x, PLOT.bottom + 18, `P = ${r.parallel}`, 'text-anchor="middle"'),
      `<circle cx="${x.toFixed(1)}" cy="${yShare(throttledShareOf(r)).toFixed(1)}" r="4" fill="#c0392b"/>`,
    );
  });
  const points = results.map((r, i) => `${xOf(i).toFixed(1)},${yShare(throttledShareOf(r)).toFixed(1)}`);
  parts.push(
    `<polyline points="${points.join(" ")}" fill="none" stroke="#c0392b" stroke-width="2"/>`,
    `<line x1="${PLOT.left}" x2="${PLOT.right}" y1="${PLOT.bottom}" y2="${PLOT.bottom}" stroke="#333"/>`,
    text(PLOT.left, HEIGHT - 12, "bars: wall time (left)", 'fill="#4a90d9"'),
    text(WIDTH / 2, HEIGHT - 12, "dashes: physical limit (left)", 'text-anchor="middle" fill="#333"'),
    text(PLOT.right, HEIGHT - 12, "line: 429 share (right)", 'text-anchor="end" fill="#c0392b"'),
  );
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="sans-serif" font-size="12">`,
    ...parts.map((part) => `  ${part}`),
    "</svg>",
    "",
  ].join("\n");
}
