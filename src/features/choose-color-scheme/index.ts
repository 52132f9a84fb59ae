export { useColorSchemeChoice, useKeptColorScheme } from './model/use-color-scheme-choice';
export { ColorSchemeControl } from './ui/color-scheme-control';
export { ColorSchemeMenuItems } from './ui/color-scheme-menu-items';
