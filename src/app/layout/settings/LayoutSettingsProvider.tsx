import {
  createContext,
  useCallback,
  useContext,
  useMemo,
  useEffect,
  useReducer,
  useRef,
  type Dispatch,
  type ReactNode,
} from 'react';
import { layoutReducer, type LayoutAction } from './layoutReducer';
import {
  DEFAULT_LAYOUT_SETTINGS,
  defaultLayoutSettings,
  themeOf,
  type LayoutSettings,
  type ThemeName,
} from './layoutSettings';
import { layoutReducerWithTheme } from './initialLayout';
import { resolveInitialTheme, storeRtlLayout, storedRtlLayout, storeTheme } from './themeStorage';

type LayoutSettingsValue = [LayoutSettings, Dispatch<LayoutAction>];

const LayoutSettingsContext = createContext<LayoutSettingsValue | null>(null);

/** Actions whose effect reaches outside the state: a resize for collapse, `Theme` for theme. */
function runSideEffects(action: LayoutAction): void {
  if (action.type === 'COLLAPSE_MENU') window.dispatchEvent(new Event('resize'));
  if (action.type === 'LAYOUT_TYPE') storeTheme(themeOf(action.layoutType));
  if (action.type === 'RESET') storeTheme(themeOf(DEFAULT_LAYOUT_SETTINGS.layoutType));
}

/** Keeps each change of the right-to-left setting (a toggle, a reset) for the next load. */
function usePersistedRtlLayout(rtlLayout: boolean): void {
  const kept = useRef(rtlLayout);
  useEffect(() => {
    if (rtlLayout === kept.current) return;
    kept.current = rtlLayout;
    storeRtlLayout(rtlLayout);
  }, [rtlLayout]);
}

export function LayoutSettingsProvider({
  theme,
  initialSettings,
  children,
}: {
  /** A theme the embedding page imposes; else localStorage `Theme`, else light. */
  theme?: ThemeName;
  /** Settings to start from instead of the defaults (the theme rule still applies). */
  initialSettings?: Partial<LayoutSettings>;
  children: ReactNode;
}) {
  const [state, baseDispatch] = useReducer(layoutReducer, theme, (given) =>
    layoutReducerWithTheme(
      { ...defaultLayoutSettings(), rtlLayout: storedRtlLayout(), ...initialSettings },
      resolveInitialTheme(given),
    ),
  );
  const dispatch = useCallback((action: LayoutAction) => {
    baseDispatch(action);
    runSideEffects(action);
  }, []);
  usePersistedRtlLayout(state.rtlLayout);
  const value = useMemo<LayoutSettingsValue>(() => [state, dispatch], [state, dispatch]);
  return <LayoutSettingsContext.Provider value={value}>{children}</LayoutSettingsContext.Provider>;
}

export function useLayoutSettings(): LayoutSettingsValue {
  const value = useContext(LayoutSettingsContext);
  if (!value) throw new Error('useLayoutSettings() must be used inside <LayoutSettingsProvider>');
  return value;
}
