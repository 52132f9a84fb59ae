export {
  PREFERENCES_FALLBACKS,
  changePreferences,
  fetchPreferences,
  preferencesQueries,
  savePreferences,
  type Preferences,
  type PreferencesBody,
} from './api/preference.api';
