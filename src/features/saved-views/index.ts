export { SavedViewsMenu, type SavedViewsMenuProps } from './ui/saved-views-menu';
