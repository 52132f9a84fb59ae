export { MultiSelect, Select } from './select';
