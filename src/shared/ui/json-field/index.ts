export { JsonField, type JsonFieldProps } from './json-field';
