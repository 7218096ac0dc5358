import { CLICK_SHADES, INACTIVE_COLOR, STATUSES } from '@planvy/shared';

/**
 * The stage's stylesheet, generated once from the status catalogue. Zones are coloured
 * by their `data-pv-state` (set in one pass from the apartments list), with
 * `!important` so fills written in the uploaded markup never win. Status colours read the
 * project's styles (`--pv-{styleKey}-svg`, set on an ancestor of the stage's host through
 * the CSSOM; they inherit into the shadow root) with the catalogue colour as fallback.
 */
const LINK_COLOR = '#1c7ed6';
const UNKNOWN_COLOR = '#e03131';
const TEMP_COLOR = '#f59f00';
const PROPOSED_COLOR = '#0ca678';

/** A status's fill: the project's colour when one is set, else the catalogue's. */
export function statusFill(styleKey: string, fallback: string): string {
  return `var(--pv-${styleKey}-svg, ${fallback})`;
}

function fill(state: string, color: string): string {
  const sel = `[data-pv-state="${state}"]`;
  return `${sel}, ${sel} * { fill: ${color} !important; }`;
}

export function stageStyleSheet(): string {
  return [
    `:host { display: block; position: relative; }`,
    // contain: whatever an uploaded plan paints stays in the stage's box and under the app's UI.
    `.pv-stage { position: absolute; inset: 0; overflow: hidden; contain: strict; touch-action: none; outline: none; cursor: grab;
      background: var(--mantine-color-gray-0, #f8f9fa); user-select: none; -webkit-user-select: none; }`,
    `.pv-stage:focus-visible { box-shadow: inset 0 0 0 2px var(--mantine-color-indigo-6, #4c6ef5); }`,
    `.pv-stage.pv-panning { cursor: grabbing; }`,
    // Its own layer: dialogs, tooltips and overlays above it then never repaint the plan.
    `.pv-stage > svg { display: block; width: 100% !important; height: 100% !important; will-change: transform; }`,
    `[data-pv-state] { fill-opacity: 0.6 !important; stroke: #212529 !important; stroke-opacity: 0.7 !important;
      stroke-width: 1px !important; vector-effect: non-scaling-stroke; cursor: pointer; pointer-events: visible; }`,
    `[data-pv-state]:hover, [data-pv-state][data-pv-selected] { fill-opacity: 0.85 !important; stroke-width: 2.5px !important;
      stroke-opacity: 1 !important; }`,
    ...STATUSES.map((s) => fill(`s-${s.alias}`, statusFill(s.styleKey, s.color))),
    fill('inactive', statusFill('inactive', INACTIVE_COLOR)),
    // The click overlay: opaque enough that the shades read apart over a background image.
    ...CLICK_SHADES.map((color, level) => fill(`heat-${level}`, color)),
    `[data-pv-state^="heat-"] { fill-opacity: 0.85 !important; }`,
    fill('link', LINK_COLOR),
    fill('building', LINK_COLOR),
    `:is([data-pv-state="link"], [data-pv-state="building"]) { fill-opacity: 0.3 !important; stroke: ${LINK_COLOR} !important;
      stroke-dasharray: 6 3; }`,
    fill('broken', UNKNOWN_COLOR),
    `[data-pv-state="broken"] { fill-opacity: 0.15 !important; stroke: ${UNKNOWN_COLOR} !important; stroke-dasharray: 2 3; }`,
    fill('unknown', UNKNOWN_COLOR),
    `[data-pv-state="unknown"] { fill-opacity: 0.25 !important; stroke: ${UNKNOWN_COLOR} !important; stroke-dasharray: 4 2; }`,
    fill('temp', TEMP_COLOR),
    `[data-pv-state="temp"] { stroke: ${TEMP_COLOR} !important; stroke-width: 2.5px !important; }`,
    // Read-only viewers cannot open zones without an apartment: they are not drawn as zones.
    `.pv-readonly :is([data-pv-state="unknown"], [data-pv-state="broken"]) { fill-opacity: 0 !important;
      stroke-opacity: 0 !important; cursor: default; }`,
    // Drawing tools aim at points, not zones.
    `.pv-tool-rect, .pv-tool-polygon, .pv-tool-rect [data-pv-state], .pv-tool-polygon [data-pv-state] { cursor: crosshair; }`,
    // Pick tool: the shape a click would pick is outlined in the overlay (ADR 029). Nothing of the
    // plan's own is restyled on hover: the pick reads its computed paint to skip invisible shapes.
    `.pv-stage.pv-tool-pick, .pv-tool-pick svg { cursor: copy; }`,
    // Every shape of the drawing is hit inside and on its outline, painted or not: the browser's
    // hit test then lists what a pick may mean (invisible ones are passed over by the pick).
    `.pv-tool-pick :is(path, rect, polygon, polyline, circle, ellipse):not([data-pv-state]):not([data-pv-ui] *) {
      pointer-events: visible; }`,
    `.pv-pick-hover { fill: ${TEMP_COLOR}; fill-opacity: 0.12; stroke: ${TEMP_COLOR}; stroke-width: 2px;
      stroke-dasharray: 6 3; vector-effect: non-scaling-stroke; pointer-events: none; }`,
    // The autopilot's proposals on its confirm screen.
    `[data-pv-proposed] { outline: none; stroke: ${PROPOSED_COLOR} !important; stroke-width: 3px !important;
      stroke-opacity: 1 !important; vector-effect: non-scaling-stroke; fill: ${PROPOSED_COLOR} !important;
      fill-opacity: 0.35 !important; }`,
    `.pv-tool-edit [data-pv-state]:is(rect, polygon) { cursor: pointer; }`,
    `.pv-tool-edit [data-pv-state]:not(rect, polygon) { cursor: not-allowed; }`,
    // Editor UI drawn inside the plan.
    `.pv-bg { pointer-events: none; }`,
    `.pv-draft { fill: ${TEMP_COLOR}; fill-opacity: 0.2; stroke: ${TEMP_COLOR}; stroke-width: 2px; vector-effect: non-scaling-stroke;
      pointer-events: none; }`,
    `.pv-draft-line { fill: none; stroke: ${TEMP_COLOR}; stroke-width: 1.5px; stroke-dasharray: 5 4; vector-effect: non-scaling-stroke;
      pointer-events: none; }`,
    `.pv-handle { fill: #fff; stroke: #364fc7; stroke-width: 2px; vector-effect: non-scaling-stroke; cursor: move; }`,
    `.pv-handle[data-pv-active] { fill: #364fc7; }`,
    `.pv-handle-first { fill: ${TEMP_COLOR}; stroke: #fff; cursor: pointer; }`,
    `.pv-draft-point { fill: #fff; stroke: ${TEMP_COLOR}; stroke-width: 2px; vector-effect: non-scaling-stroke; pointer-events: none; }`,
    `.pv-label-box { fill: #fff; stroke: #495057; stroke-width: 1px; vector-effect: non-scaling-stroke; }`,
    `.pv-label-text { fill: #212529; }`,
    // A label never takes a press or a click meant for the zone under it; only its handles do.
    `.pv-label { pointer-events: none; }`,
    `.pv-label-handle { pointer-events: all; fill: #fff; stroke: #364fc7; stroke-width: 2px; vector-effect: non-scaling-stroke; }`,
    `.pv-label-grip { cursor: move; }`,
    `.pv-label-corner { cursor: nwse-resize; }`,
    `.pv-label[data-pv-dragging] .pv-label-box { stroke: #364fc7; stroke-width: 2px; }`,
    `.pv-tooltip { position: absolute; pointer-events: none; z-index: 2; padding: 4px 8px; border-radius: 4px;
      background: rgba(33, 37, 41, 0.92); color: #fff; font: 500 12px/1.4 Inter, system-ui, sans-serif; white-space: nowrap;
      transform: translate(12px, 12px); }`,
    `.pv-tooltip[hidden] { display: none; }`,
  ].join('\n');
}
