export { PageHeader, focusPageHeading, type PageHeaderProps } from './page-header';
