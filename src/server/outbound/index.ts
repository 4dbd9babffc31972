export { classifyAddress, describeClass, isPublicAddress, type AddressClass } from "./address";
export {
  addressRefusal,
  guardedConnector,
  guardedDispatcher,
  guardedLookup,
  guardedRequest,
  literalTargetRefusal,
  outboundPolicy,
  OutboundRefusedError,
  resolveTarget,
  type GuardedRequest,
  type GuardedResponse,
  type OutboundPolicy,
} from "./guard";
