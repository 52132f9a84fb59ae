export { Fact } from './fact';
export { InlineFact, type InlineFactProps } from './inline-fact';
