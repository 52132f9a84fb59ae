export type { PaletteAction } from './model/palette-action';
export { GlobalSearch, type GlobalSearchProps } from './ui/global-search';
