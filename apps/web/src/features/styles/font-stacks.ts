import { DEFAULT_FONT_FAMILY } from '@planvy/shared';

/**
 * Web-safe font stacks offered in the font fields (any list of names can be typed too).
 * Each ends in a generic family, so a visitor without the first font still gets the intent.
 */
export const FONT_STACKS = [
  DEFAULT_FONT_FAMILY,
  'Arial, Helvetica, sans-serif',
  'Verdana, Geneva, sans-serif',
  'Tahoma, Verdana, sans-serif',
  '"Trebuchet MS", Helvetica, sans-serif',
  'Georgia, "Times New Roman", serif',
  '"Times New Roman", Times, serif',
  '"Palatino Linotype", Palatino, serif',
  '"Courier New", Courier, monospace',
] as const;
