export { ActiveBadge, BADGE_TONES, CategoryKindBadge, StatusBadge, activeLabel, activeTone, type BadgeTone } from './status-badge';
