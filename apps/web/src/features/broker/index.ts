export {
  accountCreationStep,
  accountOpeningPath,
  brokerAction,
  brokerUrl,
  type TradeCode,
  tradeCodes,
} from './broker-link.ts';
export { openBrokerLink } from './open-broker-link.ts';
