export { SECOND_FACTOR_FALLBACK, fetchSecondFactor, secondFactorQueries, type SecondFactorStatus } from './api/second-factor.queries';
