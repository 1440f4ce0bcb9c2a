export {
  accountCreationStep,
  accountOpeningPath,
  brokerAction,
  brokerUrl,
  type TradeCode,
  tradeCodes,
} from './broker-link.ts';
export { useBrokerHomeLogin } from './hooks/use-broker-home-login.ts';
export { openBrokerLink } from './open-broker-link.ts';
