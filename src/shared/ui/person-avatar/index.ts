export { PersonAvatar, type PersonAvatarProps } from './person-avatar';
