export {
  SAVED_VIEW_FALLBACKS,
  createSavedView,
  deleteSavedView,
  fetchSavedViews,
  savedViewQueries,
  updateSavedView,
  type SavedView,
  type SavedViewBody,
  type SavedViewChanges,
  type SavedViewList,
} from './api/saved-view.api';
