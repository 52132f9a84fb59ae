export { Fact } from './fact';
