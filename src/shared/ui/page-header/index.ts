export { PageHeader, focusPageHeading, focusPageHeadingWhenShown, type PageHeaderProps } from './page-header';
