/**
 * The admin app's icons: the Tabler icons it uses (outline, 24 × 24), drawn as @tabler/icons-react
 * draws them: `size`, `stroke` and `color` props, the `tabler-icon tabler-icon-<name>` classes, and
 * any other SVG attribute passed through. Only these ship, instead of a package of 6,000 icons
 * (17,800 files in node_modules and a 7.6 MB type declaration the typecheck parsed).
 *
 * To add one, copy its `__iconNode` from https://tabler.io/icons (or @tabler/icons-react's
 * `dist/esm/icons/Icon<Name>.mjs`) into a new `tablerIcon` line below.
 *
 * The drawings are Tabler Icons v3.51.0 (https://github.com/tabler/tabler-icons):
 *
 * MIT License
 *
 * Copyright (c) 2020-2026 Paweł Kuna
 *
 * Permission is hereby granted, free of charge, to any person obtaining a copy of this software and
 * associated documentation files (the "Software"), to deal in the Software without restriction,
 * including without limitation the rights to use, copy, modify, merge, publish, distribute,
 * sublicense, and/or sell copies of the Software, and to permit persons to whom the Software is
 * furnished to do so, subject to the following conditions:
 *
 * The above copyright notice and this permission notice shall be included in all copies or
 * substantial portions of the Software.
 *
 * THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING BUT
 * NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND
 * NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM,
 * DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT
 * OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.
 */
import { createElement, forwardRef, type ReactNode, type SVGProps } from 'react';

type IconNode = [tag: string, attrs: Record<string, string>][];

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'stroke' | 'ref'> {
  size?: number | string;
  stroke?: number | string;
  title?: string;
  children?: ReactNode;
}

function tablerIcon(name: string, displayName: string, nodes: IconNode) {
  const Icon = forwardRef<SVGSVGElement, IconProps>(
    ({ color = 'currentColor', size = 24, stroke = 2, title, className, children, ...rest }, ref) =>
      createElement(
        'svg',
        {
          ref,
          xmlns: 'http://www.w3.org/2000/svg',
          viewBox: '0 0 24 24',
          fill: 'none',
          strokeLinecap: 'round',
          strokeLinejoin: 'round',
          width: size,
          height: size,
          className: ['tabler-icon', `tabler-icon-${name}`, className].filter(Boolean).join(' '),
          strokeWidth: stroke,
          stroke: color,
          ...rest,
        },
        title && createElement('title', { key: 'svg-title' }, title),
        ...nodes.map(([tag, attrs]) => createElement(tag, attrs)),
        children,
      ),
  );
  Icon.displayName = displayName;
  return Icon;
}

export const IconAlertCircle = /* @__PURE__ */ tablerIcon('alert-circle', 'AlertCircle', [
  ['path', { d: 'M3 12a9 9 0 1 0 18 0a9 9 0 0 0 -18 0', key: 'svg-0' }],
  ['path', { d: 'M12 8v4', key: 'svg-1' }],
  ['path', { d: 'M12 16h.01', key: 'svg-2' }],
]);
export const IconAlertTriangle = /* @__PURE__ */ tablerIcon('alert-triangle', 'AlertTriangle', [
  ['path', { d: 'M12 9v4', key: 'svg-0' }],
  [
    'path',
    {
      d: 'M10.363 3.591l-8.106 13.534a1.914 1.914 0 0 0 1.636 2.871h16.214a1.914 1.914 0 0 0 1.636 -2.87l-8.106 -13.536a1.914 1.914 0 0 0 -3.274 0',
      key: 'svg-1',
    },
  ],
  ['path', { d: 'M12 16h.01', key: 'svg-2' }],
]);
export const IconArrowBackUp = /* @__PURE__ */ tablerIcon('arrow-back-up', 'ArrowBackUp', [
  ['path', { d: 'M9 14l-4 -4l4 -4', key: 'svg-0' }],
  ['path', { d: 'M5 10h11a4 4 0 1 1 0 8h-1', key: 'svg-1' }],
]);
export const IconArrowDown = /* @__PURE__ */ tablerIcon('arrow-down', 'ArrowDown', [
  ['path', { d: 'M12 5l0 14', key: 'svg-0' }],
  ['path', { d: 'M18 13l-6 6', key: 'svg-1' }],
  ['path', { d: 'M6 13l6 6', key: 'svg-2' }],
]);
export const IconArrowLeft = /* @__PURE__ */ tablerIcon('arrow-left', 'ArrowLeft', [
  ['path', { d: 'M5 12l14 0', key: 'svg-0' }],
  ['path', { d: 'M5 12l6 6', key: 'svg-1' }],
  ['path', { d: 'M5 12l6 -6', key: 'svg-2' }],
]);
export const IconArrowRight = /* @__PURE__ */ tablerIcon('arrow-right', 'ArrowRight', [
  ['path', { d: 'M5 12l14 0', key: 'svg-0' }],
  ['path', { d: 'M13 18l6 -6', key: 'svg-1' }],
  ['path', { d: 'M13 6l6 6', key: 'svg-2' }],
]);
export const IconArrowUp = /* @__PURE__ */ tablerIcon('arrow-up', 'ArrowUp', [
  ['path', { d: 'M12 5l0 14', key: 'svg-0' }],
  ['path', { d: 'M18 11l-6 -6', key: 'svg-1' }],
  ['path', { d: 'M6 11l6 -6', key: 'svg-2' }],
]);
export const IconArrowsMaximize = /* @__PURE__ */ tablerIcon('arrows-maximize', 'ArrowsMaximize', [
  ['path', { d: 'M16 4l4 0l0 4', key: 'svg-0' }],
  ['path', { d: 'M14 10l6 -6', key: 'svg-1' }],
  ['path', { d: 'M8 20l-4 0l0 -4', key: 'svg-2' }],
  ['path', { d: 'M4 20l6 -6', key: 'svg-3' }],
  ['path', { d: 'M16 20l4 0l0 -4', key: 'svg-4' }],
  ['path', { d: 'M14 14l6 6', key: 'svg-5' }],
  ['path', { d: 'M8 4l-4 0l0 4', key: 'svg-6' }],
  ['path', { d: 'M4 4l6 6', key: 'svg-7' }],
]);
export const IconBuilding = /* @__PURE__ */ tablerIcon('building', 'Building', [
  ['path', { d: 'M3 21l18 0', key: 'svg-0' }],
  ['path', { d: 'M9 8l1 0', key: 'svg-1' }],
  ['path', { d: 'M9 12l1 0', key: 'svg-2' }],
  ['path', { d: 'M9 16l1 0', key: 'svg-3' }],
  ['path', { d: 'M14 8l1 0', key: 'svg-4' }],
  ['path', { d: 'M14 12l1 0', key: 'svg-5' }],
  ['path', { d: 'M14 16l1 0', key: 'svg-6' }],
  ['path', { d: 'M5 21v-16a2 2 0 0 1 2 -2h10a2 2 0 0 1 2 2v16', key: 'svg-7' }],
]);
export const IconBuildingCommunity = /* @__PURE__ */ tablerIcon('building-community', 'BuildingCommunity', [
  [
    'path',
    { d: 'M8 9l5 5v7h-5v-4m0 4h-5v-7l5 -5m1 1v-6a1 1 0 0 1 1 -1h10a1 1 0 0 1 1 1v17h-8', key: 'svg-0' },
  ],
  ['path', { d: 'M13 7l0 .01', key: 'svg-1' }],
  ['path', { d: 'M17 7l0 .01', key: 'svg-2' }],
  ['path', { d: 'M17 11l0 .01', key: 'svg-3' }],
  ['path', { d: 'M17 15l0 .01', key: 'svg-4' }],
]);
export const IconCalendar = /* @__PURE__ */ tablerIcon('calendar', 'Calendar', [
  [
    'path',
    { d: 'M4 7a2 2 0 0 1 2 -2h12a2 2 0 0 1 2 2v12a2 2 0 0 1 -2 2h-12a2 2 0 0 1 -2 -2v-12', key: 'svg-0' },
  ],
  ['path', { d: 'M16 3v4', key: 'svg-1' }],
  ['path', { d: 'M8 3v4', key: 'svg-2' }],
  ['path', { d: 'M4 11h16', key: 'svg-3' }],
]);
export const IconChartBar = /* @__PURE__ */ tablerIcon('chart-bar', 'ChartBar', [
  [
    'path',
    { d: 'M3 13a1 1 0 0 1 1 -1h4a1 1 0 0 1 1 1v6a1 1 0 0 1 -1 1h-4a1 1 0 0 1 -1 -1l0 -6', key: 'svg-0' },
  ],
  [
    'path',
    { d: 'M15 9a1 1 0 0 1 1 -1h4a1 1 0 0 1 1 1v10a1 1 0 0 1 -1 1h-4a1 1 0 0 1 -1 -1l0 -10', key: 'svg-1' },
  ],
  [
    'path',
    { d: 'M9 5a1 1 0 0 1 1 -1h4a1 1 0 0 1 1 1v14a1 1 0 0 1 -1 1h-4a1 1 0 0 1 -1 -1l0 -14', key: 'svg-2' },
  ],
  ['path', { d: 'M4 20h14', key: 'svg-3' }],
]);
export const IconCheck = /* @__PURE__ */ tablerIcon('check', 'Check', [
  ['path', { d: 'M5 12l5 5l10 -10', key: 'svg-0' }],
]);
export const IconChevronLeft = /* @__PURE__ */ tablerIcon('chevron-left', 'ChevronLeft', [
  ['path', { d: 'M15 6l-6 6l6 6', key: 'svg-0' }],
]);
export const IconChevronRight = /* @__PURE__ */ tablerIcon('chevron-right', 'ChevronRight', [
  ['path', { d: 'M9 6l6 6l-6 6', key: 'svg-0' }],
]);
export const IconCircleCheck = /* @__PURE__ */ tablerIcon('circle-check', 'CircleCheck', [
  ['path', { d: 'M3 12a9 9 0 1 0 18 0a9 9 0 1 0 -18 0', key: 'svg-0' }],
  ['path', { d: 'M9 12l2 2l4 -4', key: 'svg-1' }],
]);
export const IconClick = /* @__PURE__ */ tablerIcon('click', 'Click', [
  ['path', { d: 'M3 12l3 0', key: 'svg-0' }],
  ['path', { d: 'M12 3l0 3', key: 'svg-1' }],
  ['path', { d: 'M7.8 7.8l-2.2 -2.2', key: 'svg-2' }],
  ['path', { d: 'M16.2 7.8l2.2 -2.2', key: 'svg-3' }],
  ['path', { d: 'M7.8 16.2l-2.2 2.2', key: 'svg-4' }],
  ['path', { d: 'M12 12l9 3l-4 2l-2 4l-3 -9', key: 'svg-5' }],
]);
export const IconCloudUpload = /* @__PURE__ */ tablerIcon('cloud-upload', 'CloudUpload', [
  ['path', { d: 'M7 18a4.6 4.4 0 0 1 0 -9a5 4.5 0 0 1 11 2h1a3.5 3.5 0 0 1 0 7h-1', key: 'svg-0' }],
  ['path', { d: 'M9 15l3 -3l3 3', key: 'svg-1' }],
  ['path', { d: 'M12 12l0 9', key: 'svg-2' }],
]);
export const IconCode = /* @__PURE__ */ tablerIcon('code', 'Code', [
  ['path', { d: 'M7 8l-4 4l4 4', key: 'svg-0' }],
  ['path', { d: 'M17 8l4 4l-4 4', key: 'svg-1' }],
  ['path', { d: 'M14 4l-4 16', key: 'svg-2' }],
]);
export const IconCopy = /* @__PURE__ */ tablerIcon('copy', 'Copy', [
  [
    'path',
    {
      d: 'M7 9.667a2.667 2.667 0 0 1 2.667 -2.667h8.666a2.667 2.667 0 0 1 2.667 2.667v8.666a2.667 2.667 0 0 1 -2.667 2.667h-8.666a2.667 2.667 0 0 1 -2.667 -2.667l0 -8.666',
      key: 'svg-0',
    },
  ],
  [
    'path',
    {
      d: 'M4.012 16.737a2.005 2.005 0 0 1 -1.012 -1.737v-10c0 -1.1 .9 -2 2 -2h10c.75 0 1.158 .385 1.5 1',
      key: 'svg-1',
    },
  ],
]);
export const IconDeviceFloppy = /* @__PURE__ */ tablerIcon('device-floppy', 'DeviceFloppy', [
  ['path', { d: 'M6 4h10l4 4v10a2 2 0 0 1 -2 2h-12a2 2 0 0 1 -2 -2v-12a2 2 0 0 1 2 -2', key: 'svg-0' }],
  ['path', { d: 'M10 14a2 2 0 1 0 4 0a2 2 0 1 0 -4 0', key: 'svg-1' }],
  ['path', { d: 'M14 4l0 4l-6 0l0 -4', key: 'svg-2' }],
]);
export const IconDevicesOff = /* @__PURE__ */ tablerIcon('devices-off', 'DevicesOff', [
  ['path', { d: 'M13 9a1 1 0 0 1 1 -1h6a1 1 0 0 1 1 1v8m-1 3h-6a1 1 0 0 1 -1 -1v-6', key: 'svg-0' }],
  ['path', { d: 'M18 8v-3a1 1 0 0 0 -1 -1h-9m-4 0a1 1 0 0 0 -1 1v12a1 1 0 0 0 1 1h9', key: 'svg-1' }],
  ['path', { d: 'M16 9h2', key: 'svg-2' }],
  ['path', { d: 'M3 3l18 18', key: 'svg-3' }],
]);
export const IconDots = /* @__PURE__ */ tablerIcon('dots', 'Dots', [
  ['path', { d: 'M4 12a1 1 0 1 0 2 0a1 1 0 1 0 -2 0', key: 'svg-0' }],
  ['path', { d: 'M11 12a1 1 0 1 0 2 0a1 1 0 1 0 -2 0', key: 'svg-1' }],
  ['path', { d: 'M18 12a1 1 0 1 0 2 0a1 1 0 1 0 -2 0', key: 'svg-2' }],
]);
export const IconDownload = /* @__PURE__ */ tablerIcon('download', 'Download', [
  ['path', { d: 'M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2 -2v-2', key: 'svg-0' }],
  ['path', { d: 'M7 11l5 5l5 -5', key: 'svg-1' }],
  ['path', { d: 'M12 4l0 12', key: 'svg-2' }],
]);
export const IconEdit = /* @__PURE__ */ tablerIcon('edit', 'Edit', [
  ['path', { d: 'M7 7h-1a2 2 0 0 0 -2 2v9a2 2 0 0 0 2 2h9a2 2 0 0 0 2 -2v-1', key: 'svg-0' }],
  ['path', { d: 'M20.385 6.585a2.1 2.1 0 0 0 -2.97 -2.97l-8.415 8.385v3h3l8.385 -8.415', key: 'svg-1' }],
  ['path', { d: 'M16 5l3 3', key: 'svg-2' }],
]);
export const IconExternalLink = /* @__PURE__ */ tablerIcon('external-link', 'ExternalLink', [
  ['path', { d: 'M12 6h-6a2 2 0 0 0 -2 2v10a2 2 0 0 0 2 2h10a2 2 0 0 0 2 -2v-6', key: 'svg-0' }],
  ['path', { d: 'M11 13l9 -9', key: 'svg-1' }],
  ['path', { d: 'M15 4h5v5', key: 'svg-2' }],
]);
export const IconFile = /* @__PURE__ */ tablerIcon('file', 'File', [
  ['path', { d: 'M14 3v4a1 1 0 0 0 1 1h4', key: 'svg-0' }],
  ['path', { d: 'M17 21h-10a2 2 0 0 1 -2 -2v-14a2 2 0 0 1 2 -2h7l5 5v11a2 2 0 0 1 -2 2', key: 'svg-1' }],
]);
export const IconFileSpreadsheet = /* @__PURE__ */ tablerIcon('file-spreadsheet', 'FileSpreadsheet', [
  ['path', { d: 'M14 3v4a1 1 0 0 0 1 1h4', key: 'svg-0' }],
  ['path', { d: 'M17 21h-10a2 2 0 0 1 -2 -2v-14a2 2 0 0 1 2 -2h7l5 5v11a2 2 0 0 1 -2 2', key: 'svg-1' }],
  ['path', { d: 'M8 11h8v7h-8l0 -7', key: 'svg-2' }],
  ['path', { d: 'M8 15h8', key: 'svg-3' }],
  ['path', { d: 'M11 11v7', key: 'svg-4' }],
]);
export const IconFileText = /* @__PURE__ */ tablerIcon('file-text', 'FileText', [
  ['path', { d: 'M14 3v4a1 1 0 0 0 1 1h4', key: 'svg-0' }],
  ['path', { d: 'M17 21h-10a2 2 0 0 1 -2 -2v-14a2 2 0 0 1 2 -2h7l5 5v11a2 2 0 0 1 -2 2', key: 'svg-1' }],
  ['path', { d: 'M9 9l1 0', key: 'svg-2' }],
  ['path', { d: 'M9 13l6 0', key: 'svg-3' }],
  ['path', { d: 'M9 17l6 0', key: 'svg-4' }],
]);
export const IconFileVector = /* @__PURE__ */ tablerIcon('file-vector', 'FileVector', [
  ['path', { d: 'M14 3v4a1 1 0 0 0 1 1h4', key: 'svg-0' }],
  ['path', { d: 'M8 16.5a1.5 1.5 0 1 0 3 0a1.5 1.5 0 1 0 -3 0', key: 'svg-1' }],
  ['path', { d: 'M13 12.5a1.5 1.5 0 1 0 3 0a1.5 1.5 0 1 0 -3 0', key: 'svg-2' }],
  ['path', { d: 'M17 21h-10a2 2 0 0 1 -2 -2v-14a2 2 0 0 1 2 -2h7l5 5v11a2 2 0 0 1 -2 2', key: 'svg-3' }],
  ['path', { d: 'M9.5 15a2.5 2.5 0 0 1 2.5 -2.5h1', key: 'svg-4' }],
]);
export const IconFlame = /* @__PURE__ */ tablerIcon('flame', 'Flame', [
  [
    'path',
    {
      d: 'M12 10.941c2.333 -3.308 .167 -7.823 -1 -8.941c0 3.395 -2.235 5.299 -3.667 6.706c-1.43 1.408 -2.333 3.294 -2.333 5.588c0 3.704 3.134 6.706 7 6.706c3.866 0 7 -3.002 7 -6.706c0 -1.712 -1.232 -4.403 -2.333 -5.588c-2.084 3.353 -3.257 3.353 -4.667 2.235',
      key: 'svg-0',
    },
  ],
]);
export const IconGripVertical = /* @__PURE__ */ tablerIcon('grip-vertical', 'GripVertical', [
  ['path', { d: 'M8 5a1 1 0 1 0 2 0a1 1 0 1 0 -2 0', key: 'svg-0' }],
  ['path', { d: 'M8 12a1 1 0 1 0 2 0a1 1 0 1 0 -2 0', key: 'svg-1' }],
  ['path', { d: 'M8 19a1 1 0 1 0 2 0a1 1 0 1 0 -2 0', key: 'svg-2' }],
  ['path', { d: 'M14 5a1 1 0 1 0 2 0a1 1 0 1 0 -2 0', key: 'svg-3' }],
  ['path', { d: 'M14 12a1 1 0 1 0 2 0a1 1 0 1 0 -2 0', key: 'svg-4' }],
  ['path', { d: 'M14 19a1 1 0 1 0 2 0a1 1 0 1 0 -2 0', key: 'svg-5' }],
]);
export const IconHandFinger = /* @__PURE__ */ tablerIcon('hand-finger', 'HandFinger', [
  ['path', { d: 'M8 13v-8.5a1.5 1.5 0 0 1 3 0v7.5', key: 'svg-0' }],
  ['path', { d: 'M11 11.5v-2a1.5 1.5 0 1 1 3 0v2.5', key: 'svg-1' }],
  ['path', { d: 'M14 10.5a1.5 1.5 0 0 1 3 0v1.5', key: 'svg-2' }],
  [
    'path',
    {
      d: 'M17 11.5a1.5 1.5 0 0 1 3 0v4.5a6 6 0 0 1 -6 6h-2h.208a6 6 0 0 1 -5.012 -2.7a69.74 69.74 0 0 1 -.196 -.3c-.312 -.479 -1.407 -2.388 -3.286 -5.728a1.5 1.5 0 0 1 .536 -2.022a1.867 1.867 0 0 1 2.28 .28l1.47 1.47',
      key: 'svg-3',
    },
  ],
]);
export const IconHistory = /* @__PURE__ */ tablerIcon('history', 'History', [
  ['path', { d: 'M12 8l0 4l2 2', key: 'svg-0' }],
  ['path', { d: 'M3.05 11a9 9 0 1 1 .5 4m-.5 5v-5h5', key: 'svg-1' }],
]);
export const IconHomePlus = /* @__PURE__ */ tablerIcon('home-plus', 'HomePlus', [
  ['path', { d: 'M19 12h2l-9 -9l-9 9h2v7a2 2 0 0 0 2 2h5.5', key: 'svg-0' }],
  ['path', { d: 'M9 21v-6a2 2 0 0 1 2 -2h2a2 2 0 0 1 2 2', key: 'svg-1' }],
  ['path', { d: 'M16 19h6', key: 'svg-2' }],
  ['path', { d: 'M19 16v6', key: 'svg-3' }],
]);
export const IconInfoCircle = /* @__PURE__ */ tablerIcon('info-circle', 'InfoCircle', [
  ['path', { d: 'M3 12a9 9 0 1 0 18 0a9 9 0 0 0 -18 0', key: 'svg-0' }],
  ['path', { d: 'M12 9h.01', key: 'svg-1' }],
  ['path', { d: 'M11 12h1v4h1', key: 'svg-2' }],
]);
export const IconLink = /* @__PURE__ */ tablerIcon('link', 'Link', [
  ['path', { d: 'M9 15l6 -6', key: 'svg-0' }],
  ['path', { d: 'M11 6l.463 -.536a5 5 0 0 1 7.071 7.072l-.534 .464', key: 'svg-1' }],
  [
    'path',
    { d: 'M13 18l-.397 .534a5.068 5.068 0 0 1 -7.127 0a4.972 4.972 0 0 1 0 -7.071l.524 -.463', key: 'svg-2' },
  ],
]);
export const IconLinkOff = /* @__PURE__ */ tablerIcon('link-off', 'LinkOff', [
  ['path', { d: 'M9 15l3 -3m2 -2l1 -1', key: 'svg-0' }],
  ['path', { d: 'M11 6l.463 -.536a5 5 0 0 1 7.071 7.072l-.534 .464', key: 'svg-1' }],
  ['path', { d: 'M3 3l18 18', key: 'svg-2' }],
  [
    'path',
    { d: 'M13 18l-.397 .534a5.068 5.068 0 0 1 -7.127 0a4.972 4.972 0 0 1 0 -7.071l.524 -.463', key: 'svg-3' },
  ],
]);
export const IconListNumbers = /* @__PURE__ */ tablerIcon('list-numbers', 'ListNumbers', [
  ['path', { d: 'M11 6h9', key: 'svg-0' }],
  ['path', { d: 'M11 12h9', key: 'svg-1' }],
  ['path', { d: 'M12 18h8', key: 'svg-2' }],
  ['path', { d: 'M4 16a2 2 0 1 1 4 0c0 .591 -.5 1 -1 1.5l-3 2.5h4', key: 'svg-3' }],
  ['path', { d: 'M6 10v-6l-2 2', key: 'svg-4' }],
]);
export const IconLogin = /* @__PURE__ */ tablerIcon('login', 'Login', [
  [
    'path',
    { d: 'M15 8v-2a2 2 0 0 0 -2 -2h-7a2 2 0 0 0 -2 2v12a2 2 0 0 0 2 2h7a2 2 0 0 0 2 -2v-2', key: 'svg-0' },
  ],
  ['path', { d: 'M21 12h-13l3 -3', key: 'svg-1' }],
  ['path', { d: 'M11 15l-3 -3', key: 'svg-2' }],
]);
export const IconLogin2 = /* @__PURE__ */ tablerIcon('login-2', 'Login2', [
  [
    'path',
    { d: 'M9 8v-2a2 2 0 0 1 2 -2h7a2 2 0 0 1 2 2v12a2 2 0 0 1 -2 2h-7a2 2 0 0 1 -2 -2v-2', key: 'svg-0' },
  ],
  ['path', { d: 'M3 12h13l-3 -3', key: 'svg-1' }],
  ['path', { d: 'M13 15l3 -3', key: 'svg-2' }],
]);
export const IconLogout = /* @__PURE__ */ tablerIcon('logout', 'Logout', [
  [
    'path',
    { d: 'M14 8v-2a2 2 0 0 0 -2 -2h-7a2 2 0 0 0 -2 2v12a2 2 0 0 0 2 2h7a2 2 0 0 0 2 -2v-2', key: 'svg-0' },
  ],
  ['path', { d: 'M9 12h12l-3 -3', key: 'svg-1' }],
  ['path', { d: 'M18 15l3 -3', key: 'svg-2' }],
]);
export const IconMail = /* @__PURE__ */ tablerIcon('mail', 'Mail', [
  [
    'path',
    { d: 'M3 7a2 2 0 0 1 2 -2h14a2 2 0 0 1 2 2v10a2 2 0 0 1 -2 2h-14a2 2 0 0 1 -2 -2v-10', key: 'svg-0' },
  ],
  ['path', { d: 'M3 7l9 6l9 -6', key: 'svg-1' }],
]);
export const IconMailCheck = /* @__PURE__ */ tablerIcon('mail-check', 'MailCheck', [
  ['path', { d: 'M11 19h-6a2 2 0 0 1 -2 -2v-10a2 2 0 0 1 2 -2h14a2 2 0 0 1 2 2v6', key: 'svg-0' }],
  ['path', { d: 'M3 7l9 6l9 -6', key: 'svg-1' }],
  ['path', { d: 'M15 19l2 2l4 -4', key: 'svg-2' }],
]);
export const IconMailForward = /* @__PURE__ */ tablerIcon('mail-forward', 'MailForward', [
  ['path', { d: 'M12 18h-7a2 2 0 0 1 -2 -2v-10a2 2 0 0 1 2 -2h14a2 2 0 0 1 2 2v7.5', key: 'svg-0' }],
  ['path', { d: 'M3 6l9 6l9 -6', key: 'svg-1' }],
  ['path', { d: 'M15 18h6', key: 'svg-2' }],
  ['path', { d: 'M18 15l3 3l-3 3', key: 'svg-3' }],
]);
export const IconMapSearch = /* @__PURE__ */ tablerIcon('map-search', 'MapSearch', [
  ['path', { d: 'M11 18l-2 -1l-6 3v-13l6 -3l6 3l6 -3v7.5', key: 'svg-0' }],
  ['path', { d: 'M9 4v13', key: 'svg-1' }],
  ['path', { d: 'M15 7v5', key: 'svg-2' }],
  ['path', { d: 'M15 18a3 3 0 1 0 6 0a3 3 0 1 0 -6 0', key: 'svg-3' }],
  ['path', { d: 'M20.2 20.2l1.8 1.8', key: 'svg-4' }],
]);
export const IconMovie = /* @__PURE__ */ tablerIcon('movie', 'Movie', [
  [
    'path',
    { d: 'M4 6a2 2 0 0 1 2 -2h12a2 2 0 0 1 2 2v12a2 2 0 0 1 -2 2h-12a2 2 0 0 1 -2 -2l0 -12', key: 'svg-0' },
  ],
  ['path', { d: 'M8 4l0 16', key: 'svg-1' }],
  ['path', { d: 'M16 4l0 16', key: 'svg-2' }],
  ['path', { d: 'M4 8l4 0', key: 'svg-3' }],
  ['path', { d: 'M4 16l4 0', key: 'svg-4' }],
  ['path', { d: 'M4 12l16 0', key: 'svg-5' }],
  ['path', { d: 'M16 8l4 0', key: 'svg-6' }],
  ['path', { d: 'M16 16l4 0', key: 'svg-7' }],
]);
export const IconPalette = /* @__PURE__ */ tablerIcon('palette', 'Palette', [
  [
    'path',
    {
      d: 'M12 21a9 9 0 0 1 0 -18c4.97 0 9 3.582 9 8c0 1.06 -.474 2.078 -1.318 2.828c-.844 .75 -1.989 1.172 -3.182 1.172h-2.5a2 2 0 0 0 -1 3.75a1.3 1.3 0 0 1 -1 2.25',
      key: 'svg-0',
    },
  ],
  ['path', { d: 'M7.5 10.5a1 1 0 1 0 2 0a1 1 0 1 0 -2 0', key: 'svg-1' }],
  ['path', { d: 'M11.5 7.5a1 1 0 1 0 2 0a1 1 0 1 0 -2 0', key: 'svg-2' }],
  ['path', { d: 'M15.5 10.5a1 1 0 1 0 2 0a1 1 0 1 0 -2 0', key: 'svg-3' }],
]);
export const IconPencil = /* @__PURE__ */ tablerIcon('pencil', 'Pencil', [
  ['path', { d: 'M4 20h4l10.5 -10.5a2.828 2.828 0 1 0 -4 -4l-10.5 10.5v4', key: 'svg-0' }],
  ['path', { d: 'M13.5 6.5l4 4', key: 'svg-1' }],
]);
export const IconPhoto = /* @__PURE__ */ tablerIcon('photo', 'Photo', [
  ['path', { d: 'M15 8h.01', key: 'svg-0' }],
  [
    'path',
    { d: 'M3 6a3 3 0 0 1 3 -3h12a3 3 0 0 1 3 3v12a3 3 0 0 1 -3 3h-12a3 3 0 0 1 -3 -3v-12', key: 'svg-1' },
  ],
  ['path', { d: 'M3 16l5 -5c.928 -.893 2.072 -.893 3 0l5 5', key: 'svg-2' }],
  ['path', { d: 'M14 14l1 -1c.928 -.893 2.072 -.893 3 0l3 3', key: 'svg-3' }],
]);
export const IconPhotoPlus = /* @__PURE__ */ tablerIcon('photo-plus', 'PhotoPlus', [
  ['path', { d: 'M15 8h.01', key: 'svg-0' }],
  ['path', { d: 'M12.5 21h-6.5a3 3 0 0 1 -3 -3v-12a3 3 0 0 1 3 -3h12a3 3 0 0 1 3 3v6.5', key: 'svg-1' }],
  ['path', { d: 'M3 16l5 -5c.928 -.893 2.072 -.893 3 0l4 4', key: 'svg-2' }],
  ['path', { d: 'M14 14l1 -1c.67 -.644 1.45 -.824 2.182 -.54', key: 'svg-3' }],
  ['path', { d: 'M16 19h6', key: 'svg-4' }],
  ['path', { d: 'M19 16v6', key: 'svg-5' }],
]);
export const IconPlus = /* @__PURE__ */ tablerIcon('plus', 'Plus', [
  ['path', { d: 'M12 5l0 14', key: 'svg-0' }],
  ['path', { d: 'M5 12l14 0', key: 'svg-1' }],
]);
export const IconPolygon = /* @__PURE__ */ tablerIcon('polygon', 'Polygon', [
  ['path', { d: 'M10 5a2 2 0 1 0 4 0a2 2 0 1 0 -4 0', key: 'svg-0' }],
  ['path', { d: 'M17 8a2 2 0 1 0 4 0a2 2 0 1 0 -4 0', key: 'svg-1' }],
  ['path', { d: 'M3 11a2 2 0 1 0 4 0a2 2 0 1 0 -4 0', key: 'svg-2' }],
  ['path', { d: 'M13 19a2 2 0 1 0 4 0a2 2 0 1 0 -4 0', key: 'svg-3' }],
  ['path', { d: 'M6.5 9.5l3.5 -3', key: 'svg-4' }],
  ['path', { d: 'M14 5.5l3 1.5', key: 'svg-5' }],
  ['path', { d: 'M18.5 10l-2.5 7', key: 'svg-6' }],
  ['path', { d: 'M13.5 17.5l-7 -5', key: 'svg-7' }],
]);
export const IconRectangle = /* @__PURE__ */ tablerIcon('rectangle', 'Rectangle', [
  [
    'path',
    { d: 'M3 7a2 2 0 0 1 2 -2h14a2 2 0 0 1 2 2v10a2 2 0 0 1 -2 2h-14a2 2 0 0 1 -2 -2v-10', key: 'svg-0' },
  ],
]);
export const IconRefresh = /* @__PURE__ */ tablerIcon('refresh', 'Refresh', [
  ['path', { d: 'M20 11a8.1 8.1 0 0 0 -15.5 -2m-.5 -4v4h4', key: 'svg-0' }],
  ['path', { d: 'M4 13a8.1 8.1 0 0 0 15.5 2m.5 4v-4h-4', key: 'svg-1' }],
]);
export const IconSearch = /* @__PURE__ */ tablerIcon('search', 'Search', [
  ['path', { d: 'M3 10a7 7 0 1 0 14 0a7 7 0 1 0 -14 0', key: 'svg-0' }],
  ['path', { d: 'M21 21l-6 -6', key: 'svg-1' }],
]);
export const IconSelector = /* @__PURE__ */ tablerIcon('selector', 'Selector', [
  ['path', { d: 'M8 9l4 -4l4 4', key: 'svg-0' }],
  ['path', { d: 'M16 15l-4 4l-4 -4', key: 'svg-1' }],
]);
export const IconSend = /* @__PURE__ */ tablerIcon('send', 'Send', [
  ['path', { d: 'M10 14l11 -11', key: 'svg-0' }],
  [
    'path',
    { d: 'M21 3l-6.5 18a.55 .55 0 0 1 -1 0l-3.5 -7l-7 -3.5a.55 .55 0 0 1 0 -1l18 -6.5', key: 'svg-1' },
  ],
]);
export const IconSun = /* @__PURE__ */ tablerIcon('sun', 'Sun', [
  ['path', { d: 'M8 12a4 4 0 1 0 8 0a4 4 0 1 0 -8 0', key: 'svg-0' }],
  [
    'path',
    {
      d: 'M3 12h1m8 -9v1m8 8h1m-9 8v1m-6.4 -15.4l.7 .7m12.1 -.7l-.7 .7m0 11.4l.7 .7m-12.1 -.7l-.7 .7',
      key: 'svg-1',
    },
  ],
]);
export const IconTable = /* @__PURE__ */ tablerIcon('table', 'Table', [
  [
    'path',
    { d: 'M3 5a2 2 0 0 1 2 -2h14a2 2 0 0 1 2 2v14a2 2 0 0 1 -2 2h-14a2 2 0 0 1 -2 -2v-14', key: 'svg-0' },
  ],
  ['path', { d: 'M3 10h18', key: 'svg-1' }],
  ['path', { d: 'M10 3v18', key: 'svg-2' }],
]);
export const IconTrash = /* @__PURE__ */ tablerIcon('trash', 'Trash', [
  ['path', { d: 'M4 7l16 0', key: 'svg-0' }],
  ['path', { d: 'M10 11l0 6', key: 'svg-1' }],
  ['path', { d: 'M14 11l0 6', key: 'svg-2' }],
  ['path', { d: 'M5 7l1 12a2 2 0 0 0 2 2h8a2 2 0 0 0 2 -2l1 -12', key: 'svg-3' }],
  ['path', { d: 'M9 7v-3a1 1 0 0 1 1 -1h4a1 1 0 0 1 1 1v3', key: 'svg-4' }],
]);
export const IconUnlink = /* @__PURE__ */ tablerIcon('unlink', 'Unlink', [
  ['path', { d: 'M17 22v-2', key: 'svg-0' }],
  ['path', { d: 'M9 15l6 -6', key: 'svg-1' }],
  ['path', { d: 'M11 6l.463 -.536a5 5 0 0 1 7.071 7.072l-.534 .464', key: 'svg-2' }],
  [
    'path',
    { d: 'M13 18l-.397 .534a5.068 5.068 0 0 1 -7.127 0a4.972 4.972 0 0 1 0 -7.071l.524 -.463', key: 'svg-3' },
  ],
  ['path', { d: 'M20 17h2', key: 'svg-4' }],
  ['path', { d: 'M2 7h2', key: 'svg-5' }],
  ['path', { d: 'M7 2v2', key: 'svg-6' }],
]);
export const IconUpload = /* @__PURE__ */ tablerIcon('upload', 'Upload', [
  ['path', { d: 'M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2 -2v-2', key: 'svg-0' }],
  ['path', { d: 'M7 9l5 -5l5 5', key: 'svg-1' }],
  ['path', { d: 'M12 4l0 12', key: 'svg-2' }],
]);
export const IconUserCircle = /* @__PURE__ */ tablerIcon('user-circle', 'UserCircle', [
  ['path', { d: 'M3 12a9 9 0 1 0 18 0a9 9 0 1 0 -18 0', key: 'svg-0' }],
  ['path', { d: 'M9 10a3 3 0 1 0 6 0a3 3 0 1 0 -6 0', key: 'svg-1' }],
  ['path', { d: 'M6.168 18.849a4 4 0 0 1 3.832 -2.849h4a4 4 0 0 1 3.834 2.855', key: 'svg-2' }],
]);
export const IconUserPlus = /* @__PURE__ */ tablerIcon('user-plus', 'UserPlus', [
  ['path', { d: 'M8 7a4 4 0 1 0 8 0a4 4 0 0 0 -8 0', key: 'svg-0' }],
  ['path', { d: 'M16 19h6', key: 'svg-1' }],
  ['path', { d: 'M19 16v6', key: 'svg-2' }],
  ['path', { d: 'M6 21v-2a4 4 0 0 1 4 -4h4', key: 'svg-3' }],
]);
export const IconUsers = /* @__PURE__ */ tablerIcon('users', 'Users', [
  ['path', { d: 'M5 7a4 4 0 1 0 8 0a4 4 0 1 0 -8 0', key: 'svg-0' }],
  ['path', { d: 'M3 21v-2a4 4 0 0 1 4 -4h4a4 4 0 0 1 4 4v2', key: 'svg-1' }],
  ['path', { d: 'M16 3.13a4 4 0 0 1 0 7.75', key: 'svg-2' }],
  ['path', { d: 'M21 21v-2a4 4 0 0 0 -3 -3.85', key: 'svg-3' }],
]);
export const IconWand = /* @__PURE__ */ tablerIcon('wand', 'Wand', [
  ['path', { d: 'M6 21l15 -15l-3 -3l-15 15l3 3', key: 'svg-0' }],
  ['path', { d: 'M15 6l3 3', key: 'svg-1' }],
  ['path', { d: 'M9 3a2 2 0 0 0 2 2a2 2 0 0 0 -2 2a2 2 0 0 0 -2 -2a2 2 0 0 0 2 -2', key: 'svg-2' }],
  ['path', { d: 'M19 13a2 2 0 0 0 2 2a2 2 0 0 0 -2 2a2 2 0 0 0 -2 -2a2 2 0 0 0 2 -2', key: 'svg-3' }],
]);
export const IconX = /* @__PURE__ */ tablerIcon('x', 'X', [
  ['path', { d: 'M18 6l-12 12', key: 'svg-0' }],
  ['path', { d: 'M6 6l12 12', key: 'svg-1' }],
]);
export const IconZoomIn = /* @__PURE__ */ tablerIcon('zoom-in', 'ZoomIn', [
  ['path', { d: 'M3 10a7 7 0 1 0 14 0a7 7 0 1 0 -14 0', key: 'svg-0' }],
  ['path', { d: 'M7 10l6 0', key: 'svg-1' }],
  ['path', { d: 'M10 7l0 6', key: 'svg-2' }],
  ['path', { d: 'M21 21l-6 -6', key: 'svg-3' }],
]);
export const IconZoomOut = /* @__PURE__ */ tablerIcon('zoom-out', 'ZoomOut', [
  ['path', { d: 'M3 10a7 7 0 1 0 14 0a7 7 0 1 0 -14 0', key: 'svg-0' }],
  ['path', { d: 'M7 10l6 0', key: 'svg-1' }],
  ['path', { d: 'M21 21l-6 -6', key: 'svg-2' }],
]);
