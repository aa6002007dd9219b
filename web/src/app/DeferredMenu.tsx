import type { Menu as MantineMenu, MenuProps } from '@mantine/core';
import {
  Children,
  cloneElement,
  createContext,
  isValidElement,
  useCallback,
  useContext,
  useRef,
  useState,
  type FocusEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
} from 'react';

type Parts = typeof import('./menuParts.ts');

let parts: Parts | undefined;
let loading: Promise<Parts> | undefined;
const loadParts = () => (loading ??= import('./menuParts.ts').then((module) => (parts = module)));

/** Set when the target had the focus as the menu loaded: its replacement takes it over. */
const FocusTarget = createContext(false);

type TargetChild = ReactElement<{
  ref?: unknown;
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onPointerEnter?: (event: MouseEvent<HTMLElement>) => void;
  onPointerDown?: (event: PointerEvent<HTMLElement>) => void;
}>;

function Target({ children }: { children: ReactNode }) {
  const focus = useContext(FocusTarget);
  const refocus = useCallback((node: HTMLElement | null) => node?.focus(), []);
  const child = Children.only(children) as ReactElement<{ ref?: unknown }>;
  const M = parts!.Menu;
  return <M.Target>{focus ? cloneElement(child, { ref: refocus }) : child}</M.Target>;
}

/**
 * Mantine's `Menu`, with the same parts (`DeferredMenu.Target`, `.Dropdown`, `.Item`, `.Label`, `.Divider`),
 * whose code loads only when someone goes for the menu: the header's menus are on every page, and the popover
 * machinery behind them is a tenth of the start page's JavaScript. Until then the target is shown as it is;
 * pointing at it or focusing it starts the load, and a click on it opens the menu as soon as it is in.
 */
export function DeferredMenu(props: MenuProps) {
  const [loaded, setLoaded] = useState(() => parts !== undefined);
  const [openOnLoad, setOpenOnLoad] = useState(false);
  const [focusOnLoad, setFocusOnLoad] = useState(false);
  const shown = useRef<HTMLElement | null>(null);

  if (loaded && parts) {
    const M = parts.Menu;
    return (
      <FocusTarget.Provider value={focusOnLoad}>
        <M {...props} defaultOpened={openOnLoad || props.defaultOpened} />
      </FocusTarget.Provider>
    );
  }

  const load = () =>
    void loadParts().then(() => {
      // The menu's own target replaces the one shown; a keyboard user's focus moves along.
      setFocusOnLoad(shown.current !== null && shown.current === document.activeElement);
      setLoaded(true);
    });
  const target = Children.toArray(props.children).find(
    (child): child is ReactElement<{ children: TargetChild }> =>
      isValidElement(child) && child.type === Target,
  );
  const button = target?.props.children;
  if (!isValidElement(button)) return null;
  return cloneElement(button, {
    ref: shown,
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    onPointerEnter: (event: MouseEvent<HTMLElement>) => {
      button.props.onPointerEnter?.(event);
      load();
    },
    onFocus: (event: FocusEvent<HTMLElement>) => {
      button.props.onFocus?.(event);
      load();
    },
    // A press asks for the menu already: should the code arrive between pointer down and up, the button is
    // replaced in between and the browser sends no click to either one.
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      button.props.onPointerDown?.(event);
      if (event.button === 0) setOpenOnLoad(true);
      load();
    },
    onClick: (event: MouseEvent<HTMLElement>) => {
      button.props.onClick?.(event);
      setOpenOnLoad(true);
      load();
    },
  } as Partial<TargetChild['props']>);
}

const part =
  <K extends 'Dropdown' | 'Item' | 'Label' | 'Divider'>(name: K) =>
  (props: object) => {
    const Part = parts!.Menu[name] as (props: object) => ReactNode;
    return <Part {...props} />;
  };

DeferredMenu.Target = Target as typeof MantineMenu.Target;
DeferredMenu.Dropdown = part('Dropdown') as typeof MantineMenu.Dropdown;
DeferredMenu.Item = part('Item') as unknown as typeof MantineMenu.Item;
DeferredMenu.Label = part('Label') as typeof MantineMenu.Label;
DeferredMenu.Divider = part('Divider') as typeof MantineMenu.Divider;
