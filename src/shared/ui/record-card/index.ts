export { RECORD_CARD_CLASS, RecordCard, type RecordCardProps } from './record-card';
