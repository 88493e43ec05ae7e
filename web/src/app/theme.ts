import { createSystem, defaultBaseConfig, defineConfig, mergeConfigs, type SystemContext } from '@chakra-ui/react';
import { loadShellTexts } from '@/lib/i18n';
import {
  animationStyles,
  breakpoints,
  buttonRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  semanticTokens,
  spinnerRecipe,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';

/**
 * Chakra's default theme with only the recipes of the components the sign-in route (and the app's
 * shell around it) uses: the theme is part of the sign-in page's first load (decisions.md "Web
 * console: first load", "Sign-in first load: recipes"). The recipes of every other component the
 * console uses are in console-recipes.ts, registered by `loadConsoleRecipes` before any other route
 * renders. A component whose recipe is in neither renders unstyled: add it (its key is the component's
 * name, camelCase); web/test/app/theme.test.ts and web/test/first-load.test.ts check both lists.
 */
const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      button: buttonRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      inputAddon: inputAddonRecipe,
      link: linkRecipe,
      spinner: spinnerRecipe,
    },
    slotRecipes: {
      field: fieldSlotRecipe,
      list: listSlotRecipe,
    },
  },
});

/**
 * Atende's look: Chakra's defaults plus a teal brand palette, a calmer dark theme than
 * pure black, and a slightly rounder, softer surface style.
 */
const brandConfig = defineConfig({
  globalCss: {
    html: { colorPalette: 'brand' },
    body: { bg: 'bg.canvas', color: 'fg', fontFeatureSettings: '"cv11", "ss01"' },
    '*::selection': { bg: 'brand.muted' },
  },
  theme: {
    tokens: {
      fonts: {
        heading: {
          value: "'Inter Variable', Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
        },
        body: { value: "'Inter Variable', Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" },
      },
      colors: {
        brand: {
          50: { value: '#effcf9' },
          100: { value: '#c8f4ea' },
          200: { value: '#93e8d6' },
          300: { value: '#58d3bd' },
          400: { value: '#2ab8a3' },
          500: { value: '#129c8a' },
          600: { value: '#0c7d71' },
          700: { value: '#0e645b' },
          800: { value: '#10504a' },
          900: { value: '#11433f' },
          950: { value: '#032826' },
        },
        ink: {
          850: { value: '#161c24' },
          900: { value: '#11161d' },
          950: { value: '#0b0f14' },
        },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: { _light: '{colors.brand.600}', _dark: '{colors.brand.500}' } },
          contrast: { value: '{colors.white}' },
          fg: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.300}' } },
          muted: { value: { _light: '{colors.brand.100}', _dark: '{colors.brand.900}' } },
          subtle: { value: { _light: '{colors.brand.50}', _dark: '{colors.brand.950}' } },
          emphasized: { value: { _light: '{colors.brand.200}', _dark: '{colors.brand.800}' } },
          focusRing: { value: '{colors.brand.500}' },
        },
        bg: {
          DEFAULT: { value: { _light: '{colors.white}', _dark: '{colors.ink.900}' } },
          canvas: { value: { _light: '#f5f7f8', _dark: '{colors.ink.950}' } },
          panel: { value: { _light: '{colors.white}', _dark: '{colors.ink.900}' } },
          subtle: { value: { _light: '{colors.gray.50}', _dark: '{colors.ink.850}' } },
          muted: { value: { _light: '{colors.gray.100}', _dark: '#1f2630' } },
          emphasized: { value: { _light: '{colors.gray.200}', _dark: '#29313c' } },
        },
        border: {
          DEFAULT: { value: { _light: '#e4e7eb', _dark: '#232b35' } },
          muted: { value: { _light: '#eef0f3', _dark: '#1b222b' } },
          subtle: { value: { _light: '#f2f4f6', _dark: '#182028' } },
        },
      },
      radii: {
        l1: { value: '0.375rem' },
        l2: { value: '0.5rem' },
        l3: { value: '0.75rem' },
      },
    },
  },
});

let system: SystemContext | undefined;

/**
 * The console's Chakra system, created on first use: building it (every token, both colour modes)
 * is the heaviest step of the boot, so main.tsx runs it in a task of its own rather than inside the
 * entry's module evaluation (decisions.md "Sign-in first paint (Lighthouse)").
 */
export function appSystem(): SystemContext {
  system ??= createSystem(mergeConfigs(defaultBaseConfig, chakraTheme), brandConfig);
  return system;
}

let consoleRecipes: Promise<void> | undefined;

/**
 * Adds the rest of the console's recipes (console-recipes.ts, a chunk of its own) to the system. Chakra
 * looks a recipe up in the system's theme when a component first renders with it, so they must be in
 * before any component that needs them renders: every route but /login waits for this
 * (`withConsoleRecipes`), and the sign-in page fetches it once idle (themed-root.tsx).
 */
export function loadConsoleRecipes(): Promise<void> {
  consoleRecipes ??= import('./console-recipes').then((loaded) => {
    const theme = appSystem()._config.theme!;
    theme.recipes = { ...theme.recipes, ...loaded.consoleRecipes };
    theme.slotRecipes = { ...theme.slotRecipes, ...loaded.consoleSlotRecipes };
  });
  return consoleRecipes;
}

/**
 * A route's (or lazy component's) loader that resolves once the console's recipes and the shell's
 * late texts (lib/i18n.ts `loadShellTexts`) are in too.
 */
export function withConsoleRecipes<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => (await Promise.all([load(), loadConsoleRecipes(), loadShellTexts()]))[0];
}
