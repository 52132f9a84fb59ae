export { ToggleApiClient } from './ui/toggle-api-client';
