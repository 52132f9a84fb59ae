export { Breadcrumbs, type Crumb } from './breadcrumbs';
