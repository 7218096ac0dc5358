import { createElement, type Component, type FunctionComponent } from 'preact';

function shallowDiffers(a: object, b: object): boolean {
  for (const key in a) if (key !== '__source' && !(key in b)) return true;
  for (const key in b) {
    if (key !== '__source' && (a as Record<string, unknown>)[key] !== (b as Record<string, unknown>)[key])
      return true;
  }
  return false;
}

/**
 * A component that renders again only when a prop changed (by identity), like React's memo,
 * without preact/compat (about 2 KB gzip of React emulation the widget does not need).
 */
export function memo<P extends object>(component: FunctionComponent<P>): FunctionComponent<P> {
  function Memoed(this: Component<P>, props: P) {
    this.shouldComponentUpdate = function (this: Component<P>, next: Readonly<P>) {
      return shallowDiffers(this.props, next);
    };
    return createElement(component, props);
  }
  Memoed.displayName = `Memo(${component.displayName ?? component.name})`;
  return Memoed;
}
