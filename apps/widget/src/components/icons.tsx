/**
 * Icons drawn as SVG rather than as characters: arrows such as ⤢ are missing from many
 * phones' fonts, and each character a font lacks sends the browser looking through the others
 * before the first paint.
 */
const PATHS = {
  plus: 'M10 4v12M4 10h12',
  minus: 'M4 10h12',
  fit: 'M3 8V3h5M12 3h5v5M17 12v5h-5M8 17H3v-5',
  share: 'M12 3h5v5M17 3l-7 7M15 12v5H3V5h5',
} as const;

export function Icon({ name }: { name: keyof typeof PATHS }) {
  return (
    <svg
      className="pv-icon"
      viewBox="0 0 20 20"
      width="18"
      height="18"
      fill="none"
      stroke="currentColor"
      stroke-width="2"
      stroke-linecap="round"
      stroke-linejoin="round"
      aria-hidden="true"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
