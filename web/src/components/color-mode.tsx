import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';

/**
 * Light/dark theme. The user's choice is kept in localStorage as `preferredTheme`; without one
 * the system preference applies (spec part 1 §1). Chakra reads the `dark`/`light` class on <html>.
 * index.html applies the stored value before the first paint, so a reload never flashes.
 */
export const THEME_STORAGE_KEY = 'preferredTheme';

export type ColorMode = 'light' | 'dark';
type Preference = ColorMode | 'system';

const darkQuery = '(prefers-color-scheme: dark)';

function readPreference(): Preference {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return stored === 'light' || stored === 'dark' ? stored : 'system';
  } catch {
    return 'system';
  }
}

function subscribeSystem(onChange: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const media = window.matchMedia(darkQuery);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

/** The operating system's preference, used where the stored choice is ignored (login, sign-up). */
export function useSystemColorMode(): ColorMode {
  return useSyncExternalStore(
    subscribeSystem,
    () => (typeof window !== 'undefined' && window.matchMedia?.(darkQuery).matches ? 'dark' : 'light'),
    () => 'light',
  );
}

function applyToDocument(mode: ColorMode): void {
  const root = document.documentElement;
  root.classList.toggle('dark', mode === 'dark');
  root.classList.toggle('light', mode === 'light');
  root.style.colorScheme = mode;
}

interface ColorModeContextValue {
  colorMode: ColorMode;
  toggleColorMode: () => void;
}

const ColorModeContext = createContext<ColorModeContextValue>({ colorMode: 'light', toggleColorMode: () => {} });

/** `forced`: a mode that wins over the stored choice without replacing it (the public pages). */
export function ColorModeProvider({ forced, children }: { forced?: ColorMode; children: ReactNode }) {
  const system = useSystemColorMode();
  const [preference, setPreference] = useState<Preference>(readPreference);
  const stored = preference === 'system' ? system : preference;
  const colorMode = forced ?? stored;

  useEffect(() => applyToDocument(colorMode), [colorMode]);

  const toggleColorMode = useCallback(() => {
    const next: ColorMode = stored === 'dark' ? 'light' : 'dark';
    try {
      localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // Private mode without storage: the choice lasts for this page only.
    }
    setPreference(next);
  }, [stored]);

  const value = useMemo(() => ({ colorMode, toggleColorMode }), [colorMode, toggleColorMode]);
  return <ColorModeContext.Provider value={value}>{children}</ColorModeContext.Provider>;
}

export function useColorMode(): ColorModeContextValue {
  return useContext(ColorModeContext);
}
