export { RecordCard, type RecordCardProps } from './record-card';
