export { CONNECTOR_DRIVER_LABELS, CONNECTOR_TYPE_LABELS } from '@contract/dsp.constants';
