export { useColorSchemeChoice, useKeptColorScheme } from './model/use-color-scheme-choice';
export { ColorSchemeMenuItems } from './ui/color-scheme-menu-items';
