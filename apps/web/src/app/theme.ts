import { createTheme, InputWrapper, type CSSVariablesResolver } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  // Shade 7 keeps white button text above the WCAG AA 4.5:1 contrast ratio.
  primaryShade: 7,
  autoContrast: true,
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  cursorType: 'pointer',
  // Modals, drawers, menus and toasts appear without motion for whoever asks their system for less.
  respectReducedMotion: true,
  components: {
    // Mantine's asterisk is text inside <label>, so "E-post *" would become the label; global.css draws it instead.
    InputWrapper: InputWrapper.extend({ defaultProps: { withAsterisk: false } }),
  },
});

// Mantine's default dimmed grey (gray.6) and error red (red.6) are below AA contrast on white.
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
  },
  dark: {},
});
