/** The Planvy mark: a plan "P" on a rounded tile. Decorative; the link around it carries the name. */
export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="var(--mantine-color-indigo-7)" />
      <path
        d="M8 24V9h9a5 5 0 0 1 0 10h-5v5z"
        fill="none"
        stroke="#fff"
        strokeWidth="3"
        strokeLinejoin="round"
      />
    </svg>
  );
}
