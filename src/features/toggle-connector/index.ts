export { ConnectorToggle } from './ui/connector-toggle';
