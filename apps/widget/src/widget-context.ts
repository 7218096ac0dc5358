import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { Widget } from './widget';

export const WidgetContext = createContext<Widget | null>(null);

export function useWidget(): Widget {
  const w = useContext(WidgetContext);
  if (!w) throw new Error('useWidget outside WidgetContext');
  return w;
}
