import {
  alertSlotRecipe,
  avatarSlotRecipe,
  badgeRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  codeRecipe,
  colorSwatchRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  emptyStateSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  popoverSlotRecipe,
  progressSlotRecipe,
  selectSlotRecipe,
  separatorRecipe,
  skeletonRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  tagSlotRecipe,
  textareaRecipe,
  toastSlotRecipe,
  tooltipSlotRecipe,
} from '@chakra-ui/react/theme';

/**
 * The recipes of the components the sign-in route does not use (the signed-in console, the other
 * public pages, the toasts): registered by theme.ts `loadConsoleRecipes`, which every route but /login
 * and the toaster wait for. A component whose recipe is neither here nor in theme.ts renders
 * unstyled; web/test/app/theme.test.ts fails on it.
 */
export const consoleRecipes = {
  badge: badgeRecipe,
  checkmark: checkmarkRecipe,
  code: codeRecipe,
  colorSwatch: colorSwatchRecipe,
  separator: separatorRecipe,
  skeleton: skeletonRecipe,
  textarea: textareaRecipe,
};

export const consoleSlotRecipes = {
  alert: alertSlotRecipe,
  avatar: avatarSlotRecipe,
  card: cardSlotRecipe,
  checkbox: checkboxSlotRecipe,
  dialog: dialogSlotRecipe,
  drawer: drawerSlotRecipe,
  emptyState: emptyStateSlotRecipe,
  menu: menuSlotRecipe,
  nativeSelect: nativeSelectSlotRecipe,
  popover: popoverSlotRecipe,
  progress: progressSlotRecipe,
  select: selectSlotRecipe,
  switch: switchSlotRecipe,
  table: tableSlotRecipe,
  tabs: tabsSlotRecipe,
  tag: tagSlotRecipe,
  toast: toastSlotRecipe,
  tooltip: tooltipSlotRecipe,
};
