export { PublicCard } from './public-card';
