export { hostRequests, payInApp } from './app-bridge.ts';
export { fundDetailUnsupported, type HostRequests, splitStockCode } from './host-requests.ts';
export {
  type AppInfo,
  type BridgeFailure,
  type BridgeResult,
  type NativeBridge,
  type NativeMethodName,
  type NativeMethods,
  type NativePayload,
  nativeBridge,
} from './native-bridge.ts';
export type { PayOrder, PayOutcome } from './payments.ts';
